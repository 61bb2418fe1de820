// The Search tab (W5, K1, K2): a search field that searches as you type (once
// typing pauses) or on Enter, results in category tabs "By name", "By tag", "Memo & site" (a word of the
// memo or the link's site starts with the query), "Journal" (entries whose title or contents hold the
// words), "K-culture spots" and "Places" (a place opens the Map tab there, marked), and the recent
// searches when the field is empty. Each tab says how many it found ("1,000+" past the server's count)
// and pages on as it scrolls, one group at a time. The server remembers every search it answers, so a search is
// sent only when typing settles, never per keystroke.

import { JOURNAL, SPOT, WISH } from "../common/record-kinds.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { mapHref } from "../places/place-format.js";
import { showToast } from "../common/toast-message.js";
import { store } from "../common/store.js";
import { RecordList } from "../common/record-list.js";
import { TabList } from "../common/tab-list.js";
import { wishService } from "../wishes/wish-service.js";
import "../common/error-panel.js";
import "../common/record-grid.js";
import "../journal/journal-card.js";
import "../spots/spot-card.js";
import "../wishes/wish-card.js";

const DEBOUNCE_MS = 300;
// A city found by the search opens the map at about the zoom that shows the whole city.
const PLACE_ZOOM = 11;
const CATEGORIES = [
  { name: "byName", labelKey: "search.byName", emptyKey: "search.noneByName", kind: WISH, card: "wl-wish-card" },
  { name: "byTag", labelKey: "search.byTag", emptyKey: "search.noneByTag", kind: WISH, card: "wl-wish-card" },
  { name: "byText", labelKey: "search.byText", emptyKey: "search.noneByText", kind: WISH, card: "wl-wish-card" },
  { name: "journal", labelKey: "search.journal", emptyKey: "search.noneJournal", kind: JOURNAL, card: "wl-journal-card" },
  { name: "spots", labelKey: "search.spots", emptyKey: "search.noneSpots", kind: SPOT, card: "wl-spot-card" },
  { name: "places", labelKey: "search.places", emptyKey: "search.nonePlaces", isPlaces: true },
];

// The last search shown, so coming back from a wish shows the same results without searching (and recording) again.
let lastSearch = null;
// Signing out clears the store; the next person must not see this person's last query either.
store.subscribe(({ kind }) => {
  if (kind === null) lastSearch = null;
});

/** The Search tab. */
export class SearchView extends HTMLElement {
  #timer = null;
  #abort = null;
  #lists = new Map();
  #tab = "byName";
  #tabs = null;
  // Each category's latest `{total, totalIsCapped}` from the server, by name.
  #totals = new Map();
  #query = "";

  connectedCallback() {
    this.innerHTML = `
      <div class="search-bar">
        <label class="visually-hidden" for="search-query" data-i18n="search.label"></label>
        ${icon("search", "icon search-bar-icon")}
        <input class="input search-input" id="search-query" type="search" autocomplete="off"
          enterkeyhint="search" spellcheck="false" data-i18n-attr="placeholder:search.placeholder">
      </div>
      <section class="recent-searches" aria-labelledby="recent-title" hidden>
        <div class="section-head">
          <h2 class="section-title" id="recent-title" data-i18n="search.recent"></h2>
          <button type="button" class="button button-quiet" data-action="clear" data-i18n="search.clearAll"></button>
        </div>
        <ul class="recent-list"></ul>
      </section>
      <section class="empty-state search-intro" hidden>
        <div class="empty-state-icon">${icon("search")}</div>
        <h2 class="empty-state-title" data-i18n="search.empty.title"></h2>
        <p class="empty-state-body" data-i18n="search.empty.body"></p>
      </section>
      <section class="search-results" hidden>
        <div class="category-tabs" role="tablist" data-i18n-attr="aria-label:search.categories">
          ${CATEGORIES.map(
            ({ name, labelKey }) => `
            <button type="button" role="tab" class="category-tab" id="search-tab-${name}" data-tab="${name}"
              aria-controls="search-panel-${name}" aria-selected="false" tabindex="-1">
              <span data-i18n="${labelKey}"></span> <span class="category-count"></span>
            </button>`,
          ).join("")}
        </div>
        ${CATEGORIES.map(
          ({ name, labelKey, emptyKey, isPlaces, card }) => `
          <div role="tabpanel" class="category-panel" id="search-panel-${name}" aria-labelledby="search-tab-${name}" hidden>
            ${isPlaces ? placesMarkup(labelKey, emptyKey) : `<p class="search-total" hidden></p><wl-record-grid label="${labelKey}" card="${card}"></wl-record-grid>`}
          </div>`,
        ).join("")}
      </section>
      <wl-error-panel hidden></wl-error-panel>`;
    i18n.localize(this);

    const input = this.querySelector("input");
    input.addEventListener("input", () => this.#onInput());
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing || event.keyCode === 229) return;
      event.preventDefault();
      this.#searchNow(input.value);
    });
    this.querySelector('[data-action="clear"]').addEventListener("click", () => this.#clearRecent());
    this.#tabs = new TabList(this.querySelector('[role="tablist"]'), { onSelect: (name) => this.#selectTab(name) });
    this.querySelector("wl-error-panel").addEventListener("retry", () => this.#searchNow(this.#query));

    if (lastSearch) {
      input.value = lastSearch.query;
      this.#query = lastSearch.query;
      this.#tab = lastSearch.tab;
      this.#showResults(lastSearch.query, lastSearch.results);
    } else {
      this.#showRecent();
    }
  }

  disconnectedCallback() {
    clearTimeout(this.#timer);
    this.#abort?.abort();
    for (const list of this.#lists.values()) list.dispose();
  }

  #onInput() {
    clearTimeout(this.#timer);
    const query = this.querySelector("input").value;
    if (query.trim().length === 0) {
      this.#abort?.abort();
      lastSearch = null;
      this.#showRecent();
      return;
    }
    this.#timer = setTimeout(() => this.#searchNow(query), DEBOUNCE_MS);
  }

  async #searchNow(text) {
    clearTimeout(this.#timer);
    const query = text.trim();
    if (query.length === 0) return;
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    this.#query = query;
    const results = wishService.search(query, { signal: abort.signal });
    this.#showResults(query, results);
    try {
      const found = await results;
      if (abort.signal.aborted) return;
      // When the open tab found nothing and the other did, show the one with something in it.
      if (found[this.#tab].length === 0) this.#tab = CATEGORIES.find(({ name }) => found[name].length > 0)?.name ?? this.#tab;
      this.#selectTab(this.#tab);
      lastSearch = { query, results: found, tab: this.#tab };
    } catch (error) {
      if (abort.signal.aborted) return;
      this.#showError(error);
    }
  }

  /** Shows the results of `query`: `results` is the answer or a promise of it; the grids wait for it. */
  #showResults(query, results) {
    this.#hideAll();
    this.querySelector(".search-results").hidden = false;
    const answer = Promise.resolve(results);
    this.#showPlaces(query, answer);
    const totals = new Map();
    this.#totals = totals;
    for (const { name, emptyKey, isPlaces, kind } of CATEGORIES) {
      if (isPlaces) continue;
      this.#lists.get(name)?.dispose();
      const list = new RecordList({
        kind,
        // The first page came with every group's answer; the next ones are this group's alone.
        fetchPage: async (cursor, { signal } = {}) => {
          if (cursor === null) {
            const found = await answer;
            totals.set(name, found.paging[name]);
            return { ids: found[name], nextCursor: found.paging[name]?.nextCursor ?? null };
          }
          const page = await wishService.searchPage(query, name, cursor, { signal });
          totals.set(name, page);
          return page;
        },
      });
      this.#lists.set(name, list);
      const grid = this.querySelector(`#search-panel-${name} wl-record-grid`);
      grid.empty = { icon: "search", titleKey: emptyKey, bodyKey: "search.noneHint", args: { query } };
      grid.list = list;
      list.addEventListener("change", () => this.#updateCount(name));
      this.#updateCount(name);
    }
    this.#selectTab(this.#tab);
  }

  /**
   * The count of a category: the server's total while pages are left (capped: "1,000+"), then what
   * the list holds, which follows deletions and edits at once.
   */
  #updateCount(name) {
    const list = this.#lists.get(name);
    const total = this.#totals.get(name);
    const known = list.loaded && total !== undefined;
    const count = this.#setCount(name, !known ? null : list.hasMore ? total.total : list.ids.length, list.hasMore && total?.totalIsCapped);
    const line = this.querySelector(`#search-panel-${name} .search-total`);
    line.hidden = !known || list.ids.length === 0;
    line.dataset.i18nArgs = JSON.stringify({ count });
    line.dataset.i18n = "search.total";
    i18n.localize(line);
  }

  /** Shows `count` beside a category's label ("1,000+" when `capped`), and answers that text; null while it is not known yet. */
  #setCount(name, count, capped = false) {
    const badge = this.querySelector(`#search-tab-${name} .category-count`);
    badge.textContent = count === null ? "" : new Intl.NumberFormat(i18n.language).format(count) + (capped ? "+" : "");
    badge.hidden = count === null;
    return badge.textContent;
  }

  /** The places of the search as links that open the map there, once `answer` arrives. */
  async #showPlaces(query, answer) {
    const list = this.querySelector(".place-results");
    const empty = this.querySelector(".place-results-empty");
    list.replaceChildren();
    empty.hidden = true;
    this.#setCount("places", null);
    let places;
    try {
      places = (await answer).places;
    } catch {
      return; // The search's own error panel says what went wrong.
    }
    if (this.#query !== query) return;
    this.#setCount("places", places.length);
    empty.hidden = places.length > 0;
    for (const element of empty.querySelectorAll("[data-i18n]")) element.dataset.i18nArgs = JSON.stringify({ query });
    i18n.localize(empty);
    list.replaceChildren(
      ...places.map((place) => {
        const item = document.createElement("li");
        item.innerHTML = `
          <a class="place-result">
            <span class="place-result-icon">${icon("pin", "icon icon-small")}</span>
            <span class="place-result-text"><span class="place-result-name"></span><span class="place-result-address"></span></span>
          </a>`;
        const link = item.querySelector("a");
        link.href = mapHref(place.latitude, place.longitude, PLACE_ZOOM, place.name);
        link.querySelector(".place-result-name").textContent = place.name;
        link.querySelector(".place-result-address").textContent = place.address ?? "";
        return item;
      }),
    );
  }

  #selectTab(name) {
    this.#tab = name;
    if (lastSearch) lastSearch.tab = name;
    this.#tabs.select(name);
  }

  async #showRecent() {
    this.#hideAll();
    let items = [];
    try {
      items = await wishService.recentSearches();
    } catch (error) {
      if (this.querySelector("input").value.trim().length > 0) return;
      this.#showError(error);
      return;
    }
    // Typing may have started while the list was on its way.
    if (this.querySelector("input").value.trim().length > 0) return;
    this.#renderRecent(items);
  }

  #renderRecent(items) {
    const section = this.querySelector(".recent-searches");
    section.hidden = items.length === 0;
    this.querySelector(".search-intro").hidden = items.length > 0;
    const list = this.querySelector(".recent-list");
    list.replaceChildren(
      ...items.map((item) => {
        const row = document.createElement("li");
        row.className = "recent-item";
        row.innerHTML = `
          <button type="button" class="recent-query">${icon("clock", "icon icon-small")}<span></span></button>
          <button type="button" class="icon-button recent-delete" data-i18n-attr="aria-label:search.deleteRecent">${icon("close", "icon icon-small")}</button>`;
        row.querySelector(".recent-query span").textContent = item.query;
        row.querySelector(".recent-delete").dataset.i18nArgs = JSON.stringify({ query: item.query });
        row.querySelector(".recent-query").addEventListener("click", () => {
          this.querySelector("input").value = item.query;
          this.#searchNow(item.query);
        });
        row.querySelector(".recent-delete").addEventListener("click", () => this.#deleteRecent(item, items));
        i18n.localize(row);
        return row;
      }),
    );
  }

  async #deleteRecent(item, items) {
    const rest = items.filter((other) => other.id !== item.id);
    this.#renderRecent(rest);
    // Keep keyboard focus in the list rather than losing it with the removed row.
    (this.querySelector(".recent-query") ?? this.querySelector("input")).focus();
    try {
      await wishService.deleteRecentSearch(item.id);
    } catch {
      showToast("search.deleteRecentFailed");
      this.#showRecent();
    }
  }

  async #clearRecent() {
    try {
      await wishService.clearRecentSearches();
      this.#renderRecent([]);
      this.querySelector("input").focus();
    } catch {
      showToast("search.clearFailed");
    }
  }

  /** The error panel alone, in place of the results or the recent searches. */
  #showError(error) {
    this.#hideAll();
    const panel = this.querySelector("wl-error-panel");
    panel.error = error;
    panel.hidden = false;
  }

  #hideAll() {
    this.querySelector(".recent-searches").hidden = true;
    this.querySelector(".search-intro").hidden = true;
    this.querySelector(".search-results").hidden = true;
    this.querySelector("wl-error-panel").hidden = true;
  }
}

function placesMarkup(labelKey, emptyKey) {
  return `
    <ul class="place-results" data-i18n-attr="aria-label:${labelKey}"></ul>
    <section class="empty-state place-results-empty" hidden>
      <div class="empty-state-icon">${icon("pin")}</div>
      <h2 class="empty-state-title" data-i18n="${emptyKey}"></h2>
      <p class="empty-state-body" data-i18n="search.nonePlacesHint"></p>
    </section>`;
}

customElements.define("wl-search-view", SearchView);
