// The Discover tab: where new wishes are found, in three sections — K-culture spots (K1, K6, K8),
// GIFs on Giphy (G1–G10) and the favorite GIFs (G6).
// Spots: category tabs Dramas · Films · Shows · Artists and a search field; each lists its works
// or artists as cards, most spots first (or best match), page by page while scrolling. A search
// looks in every category: the tabs become filters All · Dramas · … each with its count of
// matches, All first for every new search. The lists live for the page, one per category and
// query, so coming back shows them where they were.
// The GIF sections are in `discover-gifs.js`.

import { SPOT_TITLE } from "../common/record-kinds.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { PAGE_SIZE, RecordList } from "../common/record-list.js";
import { searchAsYouType } from "../common/search-as-you-type.js";
import { SPOT_TYPES, spotService } from "./spot-service.js";
import { store } from "../common/store.js";
import { TabList } from "../common/tab-list.js";
import "../common/record-grid.js";
import "./spot-title-card.js";
import "../gifs/discover-gifs.js";

/** The filter of a search's results that shows every category. */
const ALL = "all";

/** The sections of Discover, in order; `href` is each one's address, `element` what shows it. */
const SECTIONS = Object.freeze([
  { name: "spots", href: "#/discover/spots", labelKey: "discover.spots", icon: "spot", element: null },
  { name: "gifs", href: "#/discover/gifs", labelKey: "discover.gifs", icon: "photo", element: "wl-discover-gifs" },
  { name: "favorites", href: "#/discover/favorites", labelKey: "discover.favorites", icon: "favorites", element: "wl-discover-gif-favorites" },
]);

// The category browsed, the query and the filter of its results last shown; a list per category
// (null: all of them) and query, and the counts of each query's matches by category.
const state = { type: "drama", query: "", filter: ALL };
const lists = new Map();
const counts = new Map();
// Told `(query, counts)` whenever a page brings the counts of a query: the Discover tab on screen.
let countsListener = null;
store.subscribe(({ kind }) => {
  if (kind !== null) return;
  state.type = "drama";
  state.query = "";
  state.filter = ALL;
  lists.clear();
  counts.clear();
});

function listOf(type, query) {
  const key = `${type}\n${query}`;
  let list = lists.get(key);
  if (!list) {
    list = new RecordList({
      kind: SPOT_TITLE,
      fetchPage: async (cursor, options) => {
        const page = await spotService.titles({ type, q: query }, cursor, { ...options, limit: PAGE_SIZE });
        counts.set(query, page.counts);
        countsListener?.(query, page.counts);
        return page;
      },
    });
    lists.set(key, list);
  }
  return list;
}

/** The Discover tab; `routeParams.section` is "spots" (the default), "gifs" or "favorites". */
export class DiscoverView extends HTMLElement {
  routeParams = {};
  #stopSearch = null;
  #tabs = null;

  connectedCallback() {
    const section = SECTIONS.find(({ name }) => name === this.routeParams.section) ?? SECTIONS[0];
    this.innerHTML = `
      <nav class="section-switch" data-i18n-attr="aria-label:discover.sections">
        ${SECTIONS.map(
          ({ name, href, labelKey, icon: iconName }) => `
          <a class="section-switch-link" href="${href}" ${name === section.name ? 'aria-current="page"' : ""}>
            ${icon(iconName, "icon icon-small")}<span data-i18n="${labelKey}"></span>
          </a>`,
        ).join("")}
      </nav>
      <div class="discover-section"></div>`;
    const holder = this.querySelector(".discover-section");
    if (section.element) holder.append(document.createElement(section.element));
    else this.#showSpots(holder);
    i18n.localize(this);
  }

  disconnectedCallback() {
    this.#stopSearch?.();
    if (countsListener === this.#onCounts) countsListener = null;
  }

  #showSpots(holder) {
    holder.innerHTML = `
      <div class="search-bar">
        <label class="visually-hidden" for="spot-title-query" data-i18n="spots.search"></label>
        ${icon("search", "icon search-bar-icon")}
        <input class="input search-input" id="spot-title-query" type="search" autocomplete="off"
          enterkeyhint="search" spellcheck="false" data-i18n-attr="placeholder:spots.searchPlaceholder">
      </div>
      <div class="category-tabs" role="tablist"></div>
      <div id="discover-spots-panel" role="tabpanel">
        <wl-record-grid label="spots.titles" card="wl-spot-title-card"></wl-record-grid>
      </div>
      <p class="data-credit" data-i18n="about.spotsSource"></p>`;
    this.#tabs = new TabList(holder.querySelector('[role="tablist"]'), {
      onSelect: (name) => {
        if (state.query) state.filter = name;
        else state.type = name;
        this.#showList();
      },
    });
    countsListener = this.#onCounts;
    const input = holder.querySelector("input");
    input.value = state.query;
    this.#stopSearch = searchAsYouType(input, (text) => this.#search(text));
    this.#showList();
  }

  #onCounts = (query, found) => {
    if (query === state.query && query) this.#showCounts(found);
  };

  #search(text) {
    const query = text.trim();
    if (query === state.query) return;
    state.query = query;
    state.filter = ALL;
    this.#showList();
  }

  /** The tabs: the categories to browse, or while searching, the filters of the results with their counts. */
  #showTabs() {
    const tablist = this.querySelector('[role="tablist"]');
    const names = state.query ? [ALL, ...SPOT_TYPES] : SPOT_TYPES;
    const mode = state.query ? "filters" : "categories";
    if (tablist.dataset.mode !== mode) {
      tablist.dataset.mode = mode;
      tablist.dataset.i18nAttr = `aria-label:spots.${mode}`;
      tablist.innerHTML = names
        .map(
          (name) => `
          <button type="button" role="tab" class="category-tab" data-tab="${name}" aria-controls="discover-spots-panel"
            aria-selected="false" tabindex="-1"><span data-i18n="spots.category.${name}"></span> <span class="category-count" hidden></span></button>`,
        )
        .join("");
      i18n.localize(tablist);
    }
    this.#showCounts(state.query ? counts.get(state.query) : null);
    this.#tabs.select(state.query ? state.filter : state.type);
  }

  /** Each filter's count of matches (`null`: none shown, not known or not searching). */
  #showCounts(found) {
    const format = new Intl.NumberFormat(i18n.language);
    for (const badge of this.querySelectorAll('[role="tab"] .category-count')) {
      const name = badge.parentElement.dataset.tab;
      const count = found ? (name === ALL ? SPOT_TYPES.reduce((sum, type) => sum + (found[type] ?? 0), 0) : found[name] ?? 0) : null;
      badge.hidden = count === null;
      badge.textContent = count === null ? "" : format.format(count);
    }
  }

  #showList() {
    this.#showTabs();
    const grid = this.querySelector("wl-record-grid");
    const { query } = state;
    const type = query ? (state.filter === ALL ? null : state.filter) : state.type;
    grid.empty = query
      ? { icon: "search", titleKey: "spots.noneFound", bodyKey: "spots.noneFoundHint", args: { query } }
      : { icon: "spot", titleKey: "spots.empty.title", bodyKey: "spots.empty.body" };
    const list = listOf(type, query);
    grid.list = list;
    if (list.loaded) list.revalidate();
  }
}

customElements.define("wl-discover-view", DiscoverView);
