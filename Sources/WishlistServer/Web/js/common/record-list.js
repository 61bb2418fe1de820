// A list on screen is a list of ids (W15); the records stay in the store. The
// list pages through the server (K6), one load at a time, and follows the
// store: a deleted record leaves it, and with `matches` (e.g. "is a favorite")
// a record that stops matching leaves and one that starts matching joins in order.
// Wishes, journal entries, GIFs, spots and places all list this way.

import { store } from "./store.js";

/** Records asked for per page (the API's default). */
export const PAGE_SIZE = 24;

/** Ids of one kind of record in the server's order, loaded page by page; fires "change" whenever anything shown changes. */
export class RecordList extends EventTarget {
  #kind;
  #sortKey;
  #fetchPage;
  #matches;
  #ids = [];
  #cursor = null;
  #done = false;
  #end = null;
  #loaded = false;
  #loading = null;
  #abort = null;
  #error = null;
  #failedRefresh = false;
  #unsubscribe;

  /**
   * `kind`: the store kind of the records listed. `fetchPage(cursor, {signal})` resolves with
   * `{ids, nextCursor}`, the records already put in the store, and with `end` on a last page when
   * the list stops for a reason other than running out (e.g. "limit": a service pages no further). `matches(record)`, when given,
   * decides which records in the store belong in the list. `sortKey`: the record field the
   * server orders by, largest first (e.g. "createdAt"), or a function giving a record's sort
   * value when the order takes more than one field, so a record that joins and a refreshed
   * first page find their places; a list in an order no field holds (relevance, distance) has
   * none and shows just what the server sent.
   */
  constructor({ kind, fetchPage, matches = null, sortKey = null }) {
    super();
    this.#kind = kind;
    this.#sortKey = sortKey;
    this.#fetchPage = fetchPage;
    this.#matches = matches;
    this.#unsubscribe = store.subscribe((change) => this.#onStoreChange(change));
  }

  /** Stops following the store, for a list that is thrown away (search results). */
  dispose() {
    this.#abort?.abort();
    this.#unsubscribe();
  }

  get ids() {
    return this.#ids;
  }

  /** Whether the first page has arrived. */
  get loaded() {
    return this.#loaded;
  }

  get loading() {
    return this.#loading !== null;
  }

  get hasMore() {
    return !this.#done;
  }

  /** Why a list without more pages ended, when its last page said (see the constructor); else null. */
  get end() {
    return this.#done ? this.#end : null;
  }

  /** The error of the last load, or null. */
  get error() {
    return this.#error;
  }

  /** Loads the next page; while one is on its way, returns that same load (never two at once). */
  loadMore() {
    if (this.#loading) return this.#loading;
    if (this.#done) return Promise.resolve();
    this.#loading = this.#load(this.#cursor, "append");
    return this.#loading;
  }

  /** Loads the first page again and replaces the list with it, keeping what is shown until it arrives. */
  refresh() {
    this.#abort?.abort();
    this.#loading = this.#load(null, "replace");
    return this.#loading;
  }

  /**
   * Brings the top of a list shown again up to date (changes made on another device or from
   * the CLI) while keeping the pages further down, so the place someone scrolled to stays put.
   */
  revalidate() {
    if (this.#loading) return this.#loading;
    this.#loading = this.#load(null, "merge");
    return this.#loading;
  }

  /** Repeats whatever failed last: the refresh or the next page. */
  retry() {
    return this.#failedRefresh ? this.refresh() : this.loadMore();
  }

  /** `mode`: "append" a next page, "replace" everything with the first, or "merge" the first into what is held. */
  async #load(cursor, mode) {
    const abort = new AbortController();
    this.#abort = abort;
    this.#error = null;
    this.#changed();
    try {
      const page = await this.#fetchPage(cursor, { signal: abort.signal });
      if (abort.signal.aborted) return;
      // The store may already know a newer state than this page (e.g. unstarred meanwhile).
      const ids = page.ids.filter((id) => this.#belongs(id));
      if (mode === "append") {
        const held = new Set(this.#ids);
        this.#ids = [...this.#ids, ...ids.filter((id) => !held.has(id))];
      }
      const tail = mode === "merge" && page.nextCursor !== null ? this.#olderThan(page.ids.at(-1), new Set(ids)) : [];
      if (mode !== "append") this.#ids = [...ids, ...tail];
      // A merge that kept older pages also keeps their cursor; otherwise this page's cursor is next.
      if (tail.length === 0) {
        this.#cursor = page.nextCursor;
        this.#done = page.nextCursor === null;
        this.#end = page.end ?? null;
      }
      this.#loaded = true;
    } catch (error) {
      if (abort.signal.aborted) return;
      this.#error = error;
      this.#failedRefresh = mode !== "append";
    } finally {
      if (this.#abort === abort) {
        this.#abort = null;
        this.#loading = null;
        this.#changed();
      }
    }
  }

  /** The held ids, not in `except`, of records that sort after the record `id`. */
  #olderThan(id, except) {
    const boundary = this.#sortValue(id);
    return this.#ids.filter((other) => !except.has(other) && this.#sortValue(other) < boundary);
  }

  /** The sort field of the record `id`; "" when unknown, which sorts last. */
  #sortValue(id) {
    const record = store.get(this.#kind, id);
    if (!record) return "";
    return (typeof this.#sortKey === "function" ? this.#sortKey(record) : record[this.#sortKey]) ?? "";
  }

  #belongs(id) {
    const record = store.get(this.#kind, id);
    return record !== undefined && (this.#matches === null || this.#matches(record));
  }

  #onStoreChange({ kind, ids, removed }) {
    if (kind === null) {
      this.#reset();
      return;
    }
    if (kind !== this.#kind || !this.#loaded) return;
    let next = this.#ids;
    if (removed) {
      next = next.filter((id) => !ids.includes(id));
    } else {
      next = next.filter((id) => this.#belongs(id));
      if (this.#matches) {
        for (const id of ids) if (!next.includes(id) && this.#belongs(id)) next = this.#insert(next, id);
      }
    }
    if (next.length !== this.#ids.length || next.some((id, index) => id !== this.#ids[index])) {
      this.#ids = next;
      this.#changed();
    }
  }

  /** Puts `id` where the list's order wants it, unless that is past the pages loaded so far. */
  #insert(ids, id) {
    const value = this.#sortValue(id);
    const index = ids.findIndex((other) => this.#sortValue(other) < value);
    if (index === -1) return this.#done ? [...ids, id] : ids;
    return [...ids.slice(0, index), id, ...ids.slice(index)];
  }

  #reset() {
    this.#abort?.abort();
    this.#abort = null;
    this.#loading = null;
    this.#ids = [];
    this.#cursor = null;
    this.#done = false;
    this.#end = null;
    this.#loaded = false;
    this.#error = null;
    this.#changed();
  }

  #changed() {
    this.dispatchEvent(new Event("change"));
  }
}
