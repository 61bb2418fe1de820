// Discover's GIF sections (G1–G9). GIFs: a search field that searches as you type, trending when
// it is empty, and the results in a grid of at most three square cells a row, page by page while
// scrolling or with "Load more", to a plain end (the last result, or as far as Giphy pages).
// Favorites: the favorite GIFs in the same grid, newest first, following the store, so a GIF
// unfavorited in its sheet leaves at once. Each list lives for the page (a few searches are kept),
// so coming back shows the same GIFs; Giphy's attribution is under every grid of its GIFs.
// On a server without a working Giphy key, both sections say so once, calmly, and offer nothing
// that cannot work: no search field, no trending, no "Try again", no "Browse GIFs".

import { GIF } from "../common/record-kinds.js";
import { GIPHY_LIMIT, gifService } from "./gif-service.js";
import { icon } from "../common/icons.js";
import { limits } from "../common/limits.js";
import { i18n } from "../shell/i18n.js";
import { RecordList } from "../common/record-list.js";
import { searchAsYouType } from "../common/search-as-you-type.js";
import { store } from "../common/store.js";
import "./gif-card.js";
import "../common/record-grid.js";

/** Searches whose pages are kept besides the one shown, the oldest let go first. */
const SEARCHES_KEPT = 8;

const state = { query: "" };
let trending = null;
let favorites = null;
const searches = new Map();
store.subscribe(({ kind }) => {
  if (kind !== null) return;
  state.query = "";
  for (const list of [trending, favorites, ...searches.values()]) list?.dispose();
  trending = null;
  favorites = null;
  searches.clear();
});

/** The errors no retry can mend: the server has no Giphy key, or Giphy refuses it. */
const UNAVAILABLE = new Set(["gifs_not_configured", "gifs_key_rejected"]);

/** The code saying GIFs cannot work on this server, when `list` failed for that reason; else null. */
function unavailableCode(list) {
  const code = list?.error?.code;
  return UNAVAILABLE.has(code) ? code : null;
}

/** The one explanation shown in place of a section when GIFs cannot work here. */
function unavailableMarkup(code) {
  return `
    <section class="empty-state gifs-unavailable">
      <div class="empty-state-icon">${icon("photo")}</div>
      <h2 class="empty-state-title" data-i18n="error.${code}.title"></h2>
      <p class="empty-state-body" data-i18n="error.${code}.body"></p>
    </section>`;
}

/** The list of what is trending, or of GIFs matching `query`. */
function resultsOf(query) {
  if (!query) {
    trending ??= new RecordList({ kind: GIF, fetchPage: (offset, options) => gifService.trending(offset, options) });
    return trending;
  }
  let list = searches.get(query);
  if (list) {
    searches.delete(query);
  } else {
    list = new RecordList({ kind: GIF, fetchPage: (offset, options) => gifService.search(query, offset, options) });
  }
  searches.set(query, list);
  if (searches.size > SEARCHES_KEPT) {
    const [oldest, dropped] = searches.entries().next().value;
    searches.delete(oldest);
    dropped.dispose();
  }
  return list;
}

/** The favorite GIFs, newest first: every GIF in the store that is one. */
function favoritesList() {
  favorites ??= new RecordList({
    kind: GIF,
    fetchPage: (cursor, options) => gifService.favorites(options),
    matches: (gif) => gif.favorite,
    sortKey: "favoritedAt",
  });
  return favorites;
}

/** "No more GIFs", or that Giphy shows no more than this. */
function endNote(list) {
  return list.end === GIPHY_LIMIT ? "gifs.end.limit" : "gifs.end.all";
}

const CREDIT = `<p class="data-credit gif-credit" data-i18n="gifs.poweredBy"></p>`;

/** The GIFs section: search and trending. */
class DiscoverGifs extends HTMLElement {
  #stopSearch = null;
  #list = null;
  #onListChange = () => {
    const code = unavailableCode(this.#list);
    if (code) this.#showUnavailable(code);
  };

  connectedCallback() {
    const known = unavailableCode(trending);
    if (known) {
      this.#showUnavailable(known);
      return;
    }
    this.innerHTML = `
      <div class="search-bar">
        <label class="visually-hidden" for="gif-query" data-i18n="gifs.search"></label>
        ${icon("search", "icon search-bar-icon")}
        <input class="input search-input" id="gif-query" type="search" autocomplete="off" maxlength="${limits.gifQuery}"
          enterkeyhint="search" spellcheck="false" data-i18n-attr="placeholder:gifs.searchPlaceholder">
      </div>
      <h2 class="section-title gif-list-title"></h2>
      <wl-record-grid class="gif-grid" label="gifs.results" card="wl-gif-card"></wl-record-grid>
      ${CREDIT}`;
    i18n.localize(this);
    const input = this.querySelector("input");
    input.value = state.query;
    this.#stopSearch = searchAsYouType(input, (text) => {
      const query = text.trim();
      if (query === state.query) return;
      state.query = query;
      this.#showList();
    });
    this.querySelector("wl-record-grid").endNote = endNote;
    this.#showList();
  }

  disconnectedCallback() {
    this.#stop();
  }

  #stop() {
    this.#stopSearch?.();
    this.#stopSearch = null;
    this.#list?.removeEventListener("change", this.#onListChange);
    this.#list = null;
  }

  #showUnavailable(code) {
    this.#stop();
    this.innerHTML = unavailableMarkup(code);
    i18n.localize(this);
  }

  #showList() {
    const { query } = state;
    const title = this.querySelector(".gif-list-title");
    title.dataset.i18n = query ? "gifs.resultsFor" : "gifs.trending";
    title.dataset.i18nArgs = JSON.stringify({ query });
    i18n.localize(title);
    const grid = this.querySelector("wl-record-grid");
    grid.empty = query
      ? { icon: "search", titleKey: "gifs.noneFound", bodyKey: "gifs.noneFoundHint", args: { query } }
      : { icon: "photo", titleKey: "gifs.trendingEmpty.title", bodyKey: "gifs.trendingEmpty.body" };
    this.#list?.removeEventListener("change", this.#onListChange);
    this.#list = resultsOf(query);
    this.#list.addEventListener("change", this.#onListChange);
    grid.list = this.#list;
    this.#onListChange();
  }
}

/** The favorite GIFs section. */
class DiscoverGifFavorites extends HTMLElement {
  #stopProbe = null;
  #stopWatch = null;

  connectedCallback() {
    this.innerHTML = `
      <p class="gif-favorites-hint" data-i18n="gifs.favorites.hint"></p>
      <wl-record-grid class="gif-grid" label="gifs.favorites" card="wl-gif-card"></wl-record-grid>
      ${CREDIT}`;
    i18n.localize(this);
    const grid = this.querySelector("wl-record-grid");
    grid.empty = {
      icon: "favorites", titleKey: "gifs.favorites.empty.title", bodyKey: "gifs.favorites.empty.body",
      actionHref: "#/discover/gifs", actionKey: "gifs.browse",
    };
    const list = favoritesList();
    grid.list = list;
    if (list.loaded) list.revalidate();
    // With no favorites, "Browse GIFs" is offered only if GIFs work here: the trending list's
    // first page says, and is then ready for the GIFs section.
    const probe = resultsOf("");
    const check = () => {
      const code = unavailableCode(probe);
      if (code) grid.empty = { icon: "photo", titleKey: `error.${code}.title`, bodyKey: `error.${code}.body` };
    };
    this.#stopProbe = () => probe.removeEventListener("change", check);
    probe.addEventListener("change", check);
    check();
    const probeOnceEmpty = () => {
      if (list.loaded && list.ids.length === 0 && !probe.loaded && !probe.loading && !probe.error) probe.loadMore();
    };
    list.addEventListener("change", probeOnceEmpty);
    this.#stopWatch = () => list.removeEventListener("change", probeOnceEmpty);
    probeOnceEmpty();
  }

  disconnectedCallback() {
    this.#stopProbe?.();
    this.#stopWatch?.();
  }
}

customElements.define("wl-discover-gifs", DiscoverGifs);
customElements.define("wl-discover-gif-favorites", DiscoverGifFavorites);
