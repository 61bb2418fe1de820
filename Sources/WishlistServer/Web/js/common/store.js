// The app's single client-side copy of server records (W15). Records are kept
// per kind ("wish", "entry", "user", …) and keyed by their id; views read from
// here and subscribe, so a change made anywhere shows everywhere at once.

/** A keyed record store with subscribe/notify. */
export class Store {
  #kinds = new Map();
  #listeners = new Set();
  #overlay = (kind, record) => record;

  /** The record of `kind` with `id`, or undefined. */
  get(kind, id) {
    return this.#kinds.get(kind)?.get(id);
  }

  /** Every record of `kind`, in insertion order. */
  all(kind) {
    return [...(this.#kinds.get(kind)?.values() ?? [])];
  }

  /**
   * Adds or replaces records (one or an array). A record older than the one
   * held (a smaller `version`) is ignored, so a slow, stale answer can't undo
   * a newer edit. Returns the records now held.
   */
  put(kind, records) {
    const list = Array.isArray(records) ? records : [records];
    const table = this.#table(kind);
    const changed = [];
    for (const given of list) {
      const record = this.#overlay(kind, given);
      if (record === null) {
        if (table.delete(given.id)) changed.push(given.id);
        continue;
      }
      const held = table.get(record.id);
      if (held && typeof held.version === "number" && typeof record.version === "number" && record.version < held.version) {
        continue;
      }
      table.set(record.id, record);
      changed.push(record.id);
    }
    if (changed.length > 0) this.#notify({ kind, ids: changed });
    return list.map((record) => table.get(record.id));
  }

  /**
   * Has `overlay(kind, record)` change every record put from now on, or drop it (null): the
   * outbox lays the writes still waiting over the server's copies, so an edit made offline stays
   * on screen when the record comes again from the server or its kept answers.
   */
  setOverlay(overlay) {
    this.#overlay = overlay;
  }

  /** Forgets one record, e.g. after it was deleted on the server. */
  remove(kind, id) {
    if (this.#kinds.get(kind)?.delete(id)) this.#notify({ kind, ids: [id], removed: true });
  }

  /** Forgets everything, e.g. on sign-out so the next person sees nothing of the last. */
  clear() {
    this.#kinds.clear();
    this.#notify({ kind: null, ids: [] });
  }

  /** Calls `listener({kind, ids, removed})` after every change; returns the function that unsubscribes. */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #table(kind) {
    let table = this.#kinds.get(kind);
    if (!table) {
      table = new Map();
      this.#kinds.set(kind, table);
    }
    return table;
  }

  #notify(change) {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch (error) {
        // One broken view must not stop the others from updating.
        reportError(error);
      }
    }
  }
}

/** The app's one store. */
export const store = new Store();

/**
 * Shows `change` (e.g. `{favorite: true}`) on the record of `kind` with `id` at once, then puts
 * what `send()` resolves with (the server's record); puts the held record back if `send` fails.
 */
export async function changeOptimistically(kind, id, change, send) {
  const before = store.get(kind, id);
  if (before) store.put(kind, { ...before, ...change });
  try {
    store.put(kind, await send());
  } catch (error) {
    const now = store.get(kind, id);
    if (before && now && now.version === before.version) store.put(kind, before);
    throw error;
  }
}
