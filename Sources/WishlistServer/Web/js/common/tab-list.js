// The ARIA tabs pattern, once for every row of category tabs (Search's result categories, the
// spot categories on Discover, Near me's spots and wishes): a click or Arrow keys, Home and End
// select a tab; the selected one is in the tab order and its panel (its aria-controls, if any) shows.

/** Drives the `[role="tab"]` buttons (each with `data-tab`) inside `tablist`; `onSelect(name)` hears a person's choice. */
export class TabList {
  #tablist;
  #onSelect;
  #selected = null;

  constructor(tablist, { onSelect = () => {} } = {}) {
    this.#tablist = tablist;
    this.#onSelect = onSelect;
    tablist.addEventListener("click", (event) => {
      const tab = event.target.closest('[role="tab"]');
      if (tab) this.#choose(tab.dataset.tab, { focus: false });
    });
    tablist.addEventListener("keydown", (event) => this.#onKey(event));
  }

  get selected() {
    return this.#selected;
  }

  /** Marks `name` selected and shows its panel, without telling `onSelect`. */
  select(name, { focus = false } = {}) {
    this.#selected = name;
    let shown = null;
    for (const tab of this.#tabs()) {
      const selected = tab.dataset.tab === name;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (selected && focus) tab.focus();
      const panel = this.#panelOf(tab);
      if (panel) panel.hidden = true;
      if (selected) shown = panel;
    }
    // Tabs may share one panel (each category fills the same list): the selected tab's panel shows.
    if (shown) shown.hidden = false;
  }

  #panelOf(tab) {
    return tab.hasAttribute("aria-controls") ? document.getElementById(tab.getAttribute("aria-controls")) : null;
  }

  #choose(name, options) {
    this.select(name, options);
    this.#onSelect(name);
  }

  #tabs() {
    return [...this.#tablist.querySelectorAll('[role="tab"]')];
  }

  #onKey(event) {
    const names = this.#tabs().map((tab) => tab.dataset.tab);
    const index = names.indexOf(this.#selected);
    const next = {
      ArrowRight: (index + 1) % names.length,
      ArrowLeft: (index - 1 + names.length) % names.length,
      Home: 0,
      End: names.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.#choose(names[next], { focus: true });
  }
}
