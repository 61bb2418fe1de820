// The reservation keys a friend's browser holds for one shared list, by wish id. The key is the
// only proof that this browser made a reservation (the friend has no account), so it is kept in
// localStorage under the list's token: a rotated link starts afresh, as its old token is dead.

const PREFIX = "wishlist.reservations.";

/** The keys of the reservations made in this browser through the link with `token`. */
export class ReservationKeys {
  #storageKey;

  constructor(token) {
    this.#storageKey = PREFIX + token;
  }

  /** `{wishId: key}` for every reservation kept. */
  all() {
    try {
      const kept = JSON.parse(localStorage.getItem(this.#storageKey) ?? "{}");
      return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
    } catch {
      // Unreadable or refused storage: as if nothing was kept.
      return {};
    }
  }

  keyOf(wishId) {
    return this.all()[wishId] ?? null;
  }

  remember(wishId, key) {
    this.#write({ ...this.all(), [wishId]: key });
  }

  forget(wishId) {
    const { [wishId]: _gone, ...rest } = this.all();
    this.#write(rest);
  }

  /** Forgets every key in `keys` (those the server no longer knows). */
  forgetKeys(keys) {
    const gone = new Set(keys);
    this.#write(Object.fromEntries(Object.entries(this.all()).filter(([, key]) => !gone.has(key))));
  }

  #write(entries) {
    try {
      if (Object.keys(entries).length === 0) localStorage.removeItem(this.#storageKey);
      else localStorage.setItem(this.#storageKey, JSON.stringify(entries));
    } catch {
      // Private modes may refuse storage: the reservation stands, this browser just won't remember it.
    }
  }
}
