// Every wish request goes through here, and every wish that comes back is put
// into the one store (W15): views only ever hold ids and read records from the store.
// Writes go through the outbox, which sends them at once or keeps them until the server
// can be reached (a wish made offline has a local id until then).

import { JOURNAL, SPOT, WISH } from "../common/record-kinds.js";
import { api } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { changeOptimistically, store } from "../common/store.js";
import { outbox } from "../offline/outbox.js";
import { isLocalId, localRecord } from "../offline/outbox-writes.js";

/** Wish, favorite, search and recent-search calls that keep the store up to date. */
export class WishService {
  /**
   * One page of wishes: `{ids, nextCursor}`; `query` holds `favorite`, `tag`, `sort`, `limit`. The
   * first also holds the wishes waiting in the outbox (the list keeps those its `matches` takes).
   */
  async page(query, cursor, { signal } = {}) {
    const load = async () => {
      const answer = await api.request(API.wishes.list, { query: { ...query, cursor: cursor || null }, signal });
      return { ids: this.#keep(answer.items), nextCursor: answer.nextCursor ?? null };
    };
    // The first page starts with the wishes made offline and not sent yet.
    return cursor ? load() : outbox.withLocal(WISH, load);
  }

  /** Fetches one wish fresh from the server; one made offline and not sent yet is the one held. */
  async load(id, { signal } = {}) {
    if (isLocalId(id)) await outbox.opened();
    if (isLocalId(id) && outbox.serverId(id) === id) return localRecord(WISH, id);
    const [wish] = store.put(WISH, await api.request(API.wishes.show, { params: { id: outbox.serverId(id) }, signal }));
    return wish;
  }

  async create(fields) {
    return (await outbox.send({ kind: WISH, action: "create", body: fields })).record;
  }

  /** Changes `fields` of the wish at `version`; rejects with 412 `stale_version` if it changed since. */
  async update(id, fields, version) {
    return (await outbox.send({ kind: WISH, action: "update", id, body: fields, version })).record;
  }

  async delete(id) {
    await outbox.send({ kind: WISH, action: "delete", id });
  }

  /**
   * Stars or unstars at once on screen, then asks the server; puts the held
   * record back if the server could not be told.
   */
  async setFavorite(id, favorite) {
    await changeOptimistically(WISH, id, { favorite }, async () => (await outbox.send({ kind: WISH, action: favorite ? "favorite" : "unfavorite", id })).record);
  }

  /**
   * Searches names, tags, memos and links' sites, places, the journal and K-culture spots (the server remembers
   * `query` as a recent search): `{byName, byTag, byText}` as wish ids, `journal` as entry ids, `spots` as spot
   * ids, `places` as they came (`[{name, address, latitude, longitude}]`), and `paging`: each group's
   * `{nextCursor, total, totalIsCapped}` (the total stops at 1,000; capped says "1,000+").
   */
  async search(query, { signal } = {}) {
    const answer = await api.request(API.search.search, { query: { q: query }, signal });
    const found = { places: answer.places ?? [], paging: answer.paging ?? {} };
    for (const group of Object.keys(SEARCH_GROUP_KINDS)) found[group] = keepFound(group, answer[group]);
    return found;
  }

  /** The page of one search group after `cursor`: `{ids, nextCursor, total, totalIsCapped}`; not a new recent search. */
  async searchPage(query, group, cursor, { signal } = {}) {
    const answer = await api.request(API.search.search, { query: { q: query, group, cursor }, signal });
    return { ids: keepFound(group, answer.items), nextCursor: answer.nextCursor, total: answer.total, totalIsCapped: answer.totalIsCapped };
  }

  /** The remembered searches, newest first: `[{id, query, searchedAt}]`. */
  async recentSearches({ signal } = {}) {
    return (await api.request(API.search.recentSearches, { signal })).items;
  }

  async deleteRecentSearch(id) {
    await api.request(API.search.deleteRecentSearch, { params: { id } });
  }

  async clearRecentSearches() {
    await api.request(API.search.clearRecentSearches);
  }

  #keep(wishes) {
    return store.put(WISH, wishes ?? []).map((wish) => wish.id);
  }
}

const SEARCH_GROUP_KINDS = { byName: WISH, byTag: WISH, byText: WISH, journal: JOURNAL, spots: SPOT };

/** Puts a search group's records in the store and answers their ids. */
function keepFound(group, records) {
  return store.put(SEARCH_GROUP_KINDS[group], records ?? []).map((record) => record.id);
}

/** The app's one wish service. */
export const wishService = new WishService();
