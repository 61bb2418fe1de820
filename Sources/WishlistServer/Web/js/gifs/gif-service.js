// Every GIF request goes through here (G1–G10). GIFs go into the one store like wishes (W15),
// each with `favorite` and `favoritedAt` beside Giphy's fields, so a star changed in the detail
// sheet shows on every grid at once and the Favorites grid follows the store (G9). The account's
// favorites (at most 20) are read once a session before the first page of results, so every
// GIF put in the store knows whether it is one.

import { GIF, WISH } from "../common/record-kinds.js";
import { api } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { i18n } from "../shell/i18n.js";
import { changeOptimistically, store } from "../common/store.js";

/** `end` of a list that stops where Giphy stops paging, not at its last result. */
export const GIPHY_LIMIT = "limit";

/** What a GIF is called on screen: its title, or "Untitled GIF". */
export function gifTitle(gif) {
  return gif.title || i18n.t("gifs.untitled");
}

/** Search, trending, favorites and saving a GIF as a wish. */
export class GifService {
  /** The favorites' first load, shared by everything that waits for it; null until asked. */
  #favoritesLoaded = null;

  constructor() {
    store.subscribe(({ kind }) => {
      if (kind === null) this.#favoritesLoaded = null;
    });
  }

  /** One page of GIFs matching `query` from `offset` (null: the first): `{ids, nextCursor, end}`. */
  search(query, offset, { signal } = {}) {
    return this.#page(API.gifs.search, { q: query }, offset, signal);
  }

  /** One page of what is trending on Giphy. */
  trending(offset, { signal } = {}) {
    return this.#page(API.gifs.trending, {}, offset, signal);
  }

  /** The account's favorites, newest first, as the one page of a list. */
  async favorites({ signal } = {}) {
    const answer = await api.request(API.gifs.favorites, { signal });
    const ids = new Set(answer.items.map((item) => item.id));
    // A GIF unfavorited elsewhere (another device, the CLI) stops being one here too.
    const gone = store.all(GIF).filter((gif) => gif.favorite && !ids.has(gif.id));
    store.put(GIF, gone.map((gif) => ({ ...gif, favorite: false, favoritedAt: null })));
    store.put(GIF, answer.items.map((item) => ({ ...item, favorite: true })));
    return { ids: [...ids], nextCursor: null };
  }

  /**
   * Keeps the GIF among the favorites or lets it go. Adding waits for the server, so the star
   * never shows on for a GIF the server refuses (409 `favorites_full` for the 21st); letting go
   * shows at once.
   */
  async setFavorite(id, favorite) {
    if (favorite) {
      store.put(GIF, { ...(await api.request(API.gifs.favorite, { params: { gifId: id } })), favorite: true });
      return;
    }
    await changeOptimistically(GIF, id, { favorite: false, favoritedAt: null }, async () => {
      await api.request(API.gifs.unfavorite, { params: { gifId: id } });
      return { ...store.get(GIF, id), favorite: false, favoritedAt: null };
    });
  }

  /** Makes a wish of the GIF (its name, Giphy link and animation); the wish lands in the store. */
  async saveAsWish(id) {
    const [wish] = store.put(WISH, await api.request(API.gifs.wish, { params: { gifId: id } }));
    return wish;
  }

  async #page(route, query, offset, signal) {
    const params = { ...query, offset: offset ?? 0, lang: i18n.language };
    const [answer] = await Promise.all([api.request(route, { query: params, signal }), this.#knowFavorites(signal)]);
    const records = answer.items.map((gif) => {
      const held = store.get(GIF, gif.id);
      return { ...gif, favorite: held?.favorite ?? false, favoritedAt: held?.favoritedAt ?? null };
    });
    const ids = store.put(GIF, records).map((gif) => gif.id);
    const { offset: start, count, totalCount, nextOffset } = answer.pagination;
    const end = nextOffset === null && start + count < totalCount ? GIPHY_LIMIT : null;
    return { ids, nextCursor: nextOffset, end };
  }

  /** Reads the favorites once a session; a failure is let go, so the next page asks again. */
  #knowFavorites(signal) {
    this.#favoritesLoaded ??= this.favorites({ signal }).catch((error) => {
      this.#favoritesLoaded = null;
      throw error;
    });
    return this.#favoritesLoaded;
  }
}

/** The app's one GIF service. */
export const gifService = new GifService();
