// The renditions a person has seen (thumbnails, medium), kept per account in the service worker
// so cards and details show their photos offline. Bounded: at most MEDIA_BUDGET bytes, and at most
// a fifth of what the browser lets the origin store (`navigator.storage.estimate()`), so photos
// never crowd out the answers and the outbox. Beyond it, the oldest kept go first. A rendition's
// address carries its version (`?v=`), so a kept one is never stale and is given before the network.

import { accountCacheName, STORED_AT_HEADER } from "./offline-names.js";

/** The most the renditions of one browser may take: 100 MB. */
export const MEDIA_BUDGET = 100 * 1024 * 1024;
const QUOTA_SHARE = 0.2;
const SIZE_HEADER = "Wishlist-Size";

export class MediaCache {
  #budget;
  // Per account: what is kept, oldest first ({url, size}), read from the cache once per worker.
  #indexes = new Map();
  // Writes one at a time, so the sums stay true.
  #queue = Promise.resolve();

  /** `budget`: the most bytes to keep, before the quota's share is applied. */
  constructor({ budget = MEDIA_BUDGET } = {}) {
    this.#budget = budget;
  }

  /** The kept copy of `request` for `account`, if any. */
  async match(account, request) {
    return (await caches.open(accountCacheName(account, "media"))).match(request);
  }

  /**
   * Keeps `response` for `account` while `stillCurrent()` (the account did not sign out meanwhile),
   * then drops the oldest until the cache is within its budget.
   */
  keep(account, request, response, stillCurrent) {
    this.#queue = this.#queue.then(() => this.#keep(account, request, response, stillCurrent)).catch(() => {});
    return this.#queue;
  }

  async #keep(account, request, response, stillCurrent) {
    const body = await response.blob();
    const budget = await this.budget();
    if (body.size > budget || !(await stillCurrent())) return;
    const cache = await caches.open(accountCacheName(account, "media"));
    const index = await this.#index(account, cache);
    const headers = new Headers(response.headers);
    headers.set(SIZE_HEADER, String(body.size));
    headers.set(STORED_AT_HEADER, new Date().toISOString());
    await cache.put(request, new Response(body, { status: response.status, headers }));
    const url = request.url;
    const at = index.findIndex((entry) => entry.url === url);
    if (at >= 0) index.splice(at, 1);
    index.push({ url, size: body.size });
    let total = index.reduce((sum, entry) => sum + entry.size, 0);
    while (total > budget && index.length > 0) {
      const oldest = index.shift();
      total -= oldest.size;
      await cache.delete(oldest.url);
    }
  }

  /** The bytes renditions may take now: the budget, or less when the browser grants little room. */
  async budget() {
    const estimate = await navigator.storage?.estimate?.().catch(() => null);
    return estimate?.quota ? Math.min(this.#budget, Math.floor(estimate.quota * QUOTA_SHARE)) : this.#budget;
  }

  /** `account` signed out and its cache is being deleted: what was known of it goes too. */
  forget(account) {
    this.#indexes.delete(account);
  }

  async #index(account, cache) {
    let index = this.#indexes.get(account);
    if (index) return index;
    const entries = [];
    for (const request of await cache.keys()) {
      const kept = await cache.match(request);
      entries.push({ url: request.url, size: Number(kept?.headers.get(SIZE_HEADER) ?? 0), at: kept?.headers.get(STORED_AT_HEADER) ?? "" });
    }
    index = entries.sort((a, b) => a.at.localeCompare(b.at)).map(({ url, size }) => ({ url, size }));
    this.#indexes.set(account, index);
    return index;
  }
}
