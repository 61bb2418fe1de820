// The screens that are a grid of wishes (Wishes, Favorites): a refresh button,
// the always-visible "Add wish" button (floating on phones) and the grid. Each
// subclass keeps its WishList for the life of the page, so coming back from a
// wish shows the same cards at the same scroll position without a reload.

import { icon } from "../icons.js";
import { i18n } from "../i18n.js";
import "../components/wish-grid.js";

/** Wishes asked for per page (the API's default). */
export const PAGE_SIZE = 24;

/** A toolbar and a grid of the subclass's `static list`, with its `static empty` state. */
export class WishListView extends HTMLElement {
  /** The WishList shown (one per subclass, kept across visits). */
  static list = null;
  /** The grid's empty state: `{icon, titleKey, bodyKey, actionHref, actionKey}`. */
  static empty = null;
  /** Catalog key naming the list for assistive technology. */
  static labelKey = "nav.wishes";
  /** Where the window was scrolled when the screen was last left, per subclass. */
  static scrollY = 0;

  #onListChange = () => this.#syncRefresh();

  connectedCallback() {
    const { list, empty, labelKey } = this.constructor;
    this.innerHTML = `
      <div class="view-toolbar">
        <button type="button" class="icon-button" data-action="refresh" data-i18n-attr="aria-label:list.refresh;title:list.refresh">
          ${icon("refresh")}
        </button>
        <a class="button button-primary add-wish" href="#/wishes/new">${icon("plus")}<span data-i18n="wish.add"></span></a>
      </div>
      <wl-wish-grid label="${labelKey}"></wl-wish-grid>`;
    i18n.localize(this);
    const grid = this.querySelector("wl-wish-grid");
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
    this.constructor.list.removeEventListener("change", this.#onListChange);
  }

  #syncRefresh() {
    const button = this.querySelector('[data-action="refresh"]');
    button.setAttribute("aria-busy", String(this.constructor.list.loading));
  }
}
