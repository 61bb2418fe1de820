// The screens that are a grid of records (Wishes, Favorites, the Journal, and later GIFs,
// spots and places): a refresh button, the always-visible "add" button (floating on phones)
// and the grid. Each screen keeps its RecordList for the life of the page, so coming back
// from a record shows the same cards at the same scroll position without a reload. A screen
// may offer several lists of the same cards (the Journal's "All · Hearted"): a segmented
// control switches between them, and each keeps its own pages.

import { icon } from "./icons.js";
import { i18n } from "../shell/i18n.js";
import "./record-grid.js";
import "../offline/outbox-link.js";

/** A toolbar and a grid of its screen's list. */
class ListView extends HTMLElement {
  /** What the subclass shows; see `defineListView`. */
  static screen = null;
  /** Where the window was scrolled when the screen was last left, per subclass. */
  static scrollY = 0;
  /** The segment shown, per subclass (the first one until another is chosen). */
  static segment = 0;

  #onListChange = () => this.#syncRefresh();

  /** The screen's segments, `[{name, labelKey, list, empty}]`; a screen of one list has one. */
  get #segments() {
    const { segments, list, empty } = this.constructor.screen;
    return segments ?? [{ name: "all", list, empty }];
  }

  get #list() {
    return this.#segments[this.constructor.segment].list;
  }

  connectedCallback() {
    const { card, labelKey, add, groups = null, tools = null } = this.constructor.screen;
    const segments = this.#segments;
    const name = this.localName;
    this.innerHTML = `
      <div class="view-toolbar">
        <wl-outbox-link></wl-outbox-link>
        ${segments.length > 1 ? `
        <div class="segmented list-segments" role="radiogroup" data-i18n-attr="aria-label:${labelKey}">
          ${segments.map((segment, index) => `
          <label class="segmented-option"><input type="radio" name="${name}-segment" value="${index}">
            <span data-i18n="${segment.labelKey}"></span></label>`).join("")}
        </div>` : ""}
        <button type="button" class="icon-button" data-action="refresh" data-i18n-attr="aria-label:list.refresh;title:list.refresh">
          ${icon("refresh")}
        </button>
        <span class="view-tools"></span>
        <a class="button button-primary add-record" href="${add.href}">${icon("plus")}<span data-i18n="${add.labelKey}"></span></a>
      </div>
      <wl-record-grid label="${labelKey}" card="${card}"></wl-record-grid>`;
    if (tools) this.querySelector(".view-tools").replaceWith(tools());
    else this.querySelector(".view-tools").remove();
    i18n.localize(this);
    const grid = this.querySelector("wl-record-grid");
    grid.groups = groups;
    for (const radio of this.querySelectorAll(".list-segments input")) {
      radio.checked = Number(radio.value) === this.constructor.segment;
      radio.addEventListener("change", () => this.#showSegment(Number(radio.value)));
    }
    this.querySelector('[data-action="refresh"]').addEventListener("click", () => this.#list.refresh());
    this.#showSegment(this.constructor.segment, { restoreScroll: true });
  }

  disconnectedCallback() {
    this.constructor.scrollY = window.scrollY;
    this.#list.removeEventListener("change", this.#onListChange);
  }

  #showSegment(index, { restoreScroll = false } = {}) {
    this.#list.removeEventListener("change", this.#onListChange);
    this.constructor.segment = index;
    const { list, empty } = this.#segments[index];
    const grid = this.querySelector("wl-record-grid");
    grid.empty = empty;
    grid.list = list;
    list.addEventListener("change", this.#onListChange);
    this.#syncRefresh();
    if (list.loaded) {
      if (restoreScroll) requestAnimationFrame(() => window.scrollTo({ top: this.constructor.scrollY }));
      list.revalidate();
    }
  }

  #syncRefresh() {
    const button = this.querySelector('[data-action="refresh"]');
    button.setAttribute("aria-busy", String(this.#list.loading));
  }
}

/**
 * Defines the element `tagName` as a list screen. `screen`: `{list, card, labelKey, empty, add}`
 * — the RecordList, the card element's name, the catalog key naming the list, the grid's empty
 * state (`{icon, titleKey, bodyKey, actionHref, actionKey}`) and the toolbar's add link
 * (`{href, labelKey}`); `tools`, a function making more of the toolbar's controls (Share), put
 * before the add link. A screen of several lists gives `segments: [{labelKey, list, empty}]`
 * in place of `list` and `empty`; `groups` (see RecordGrid) puts headings between groups of cards.
 */
export function defineListView(tagName, screen) {
  customElements.define(
    tagName,
    class extends ListView {
      static screen = screen;
    },
  );
}
