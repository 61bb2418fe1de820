// Fetches the records a map's pins stand for when the store does not hold them yet, so that every
// pin is named after its record (K3: markers carry only an id). The store holds the wishes of a
// list already seen; a map opened first (a bookmark, a reload on the Map tab), or a wish made on
// another device since, would otherwise leave pins named only "Wish on the map". Each record is
// asked for once, a few at a time; its arrival in the store renames its pin.

import { store } from "../common/store.js";

const AT_ONCE = 4;

export class MissingRecords {
  #kind;
  #load;
  #asked = new Set();
  #queue = [];
  #running = 0;
  #abort = new AbortController();

  /** `kind`: the store kind; `load(id, {signal})`: fetches one record into the store. */
  constructor(kind, load) {
    this.#kind = kind;
    this.#load = load;
  }

  /** Fetches those of `ids` the store lacks and that were not asked for before. */
  want(ids) {
    for (const id of ids) {
      if (this.#asked.has(id) || store.get(this.#kind, id)) continue;
      this.#asked.add(id);
      this.#queue.push(id);
    }
    while (this.#running < AT_ONCE && this.#queue.length > 0) this.#next(this.#queue.shift());
  }

  /** Stops asking: the map is gone. */
  stop() {
    this.#abort.abort();
    this.#queue = [];
  }

  async #next(id) {
    this.#running += 1;
    try {
      await this.#load(id, { signal: this.#abort.signal });
    } catch {
      // A record gone or unreachable keeps its pin's plain name; the next answer may bring it.
      this.#asked.delete(id);
    } finally {
      this.#running -= 1;
      if (!this.#abort.signal.aborted && this.#queue.length > 0) this.#next(this.#queue.shift());
    }
  }
}
