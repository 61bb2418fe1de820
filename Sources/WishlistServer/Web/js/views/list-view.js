// The screens that are a grid of records (Wishes, Favorites, and later the journal, GIFs,
// spots and places): a refresh button, the always-visible "add" button (floating on phones)
// and the grid. Each screen keeps its RecordList for the life of the page, so coming back
// from a record shows the same cards at the same scroll position without a reload.

import { icon } from "../icons.js";
import { i18n } from "../i18n.js";
import "../components/record-grid.js";

/** A toolbar and a grid of its screen's list. */
class ListView extends HTMLElement {
  /** What the subclass shows; see `defineListView`. */
  static screen = null;
  /** Where the window was scrolled when the screen was last left, per subclass. */
  static scrollY = 0;

  #onListChange = () => this.#syncRefresh();

  connectedCallback() {
    const { list, card, labelKey, empty, add } = this.constructor.screen;
    this.innerHTML = `
      <div class="view-toolbar">
        <button type="button" class="icon-button" data-action="refresh" data-i18n-attr="aria-label:list.refresh;title:list.refresh">
          ${icon("refresh")}
        </button>
        <a class="button button-primary add-record" href="${add.href}">${icon("plus")}<span data-i18n="${add.labelKey}"></span></a>
      </div>
      <wl-record-grid label="${labelKey}" card="${card}"></wl-record-grid>`;
    i18n.localize(this);
    const grid = this.querySelector("wl-record-grid");
    grid.empty = empty;
    grid.list = list;
    this.querySelector('[data-action="refresh"]').addEventListener("click", () => list.refresh());
    list.addEventListener("change", this.#onListChange);
    this.#syncRefresh();
    if (list.loaded) {
      requestAnimationFrame(() => window.scrollTo({ top: this.constructor.scrollY }));
      list.revalidate();
    }
  }

  disconnectedCallback() {
    this.constructor.scrollY = window.scrollY;
    this.constructor.screen.list.removeEventListener("change", this.#onListChange);
  }

  #syncRefresh() {
    const button = this.querySelector('[data-action="refresh"]');
    button.setAttribute("aria-busy", String(this.constructor.screen.list.loading));
  }
}

/**
 * Defines the element `tagName` as a list screen. `screen`: `{list, card, labelKey, empty, add}`
 * — the RecordList, the card element's name, the catalog key naming the list, the grid's empty
 * state (`{icon, titleKey, bodyKey, actionHref, actionKey}`) and the toolbar's add link
 * (`{href, labelKey}`).
 */
export function defineListView(tagName, screen) {
  customElements.define(
    tagName,
    class extends ListView {
      static screen = screen;
    },
  );
}
