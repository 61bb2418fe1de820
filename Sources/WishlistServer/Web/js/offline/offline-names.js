// The names the service worker and the page agree on: the caches (every one starts with
// "wishlist-"; an account's with "wishlist-<account>-", as its IndexedDB databases do), the
// header that says when a kept answer was stored, and the messages between them.

/** Every cache of the app starts so. */
export const CACHE_PREFIX = "wishlist-";
/** The app shell of one version: `wishlist-shell-<version>`. */
export const SHELL_CACHE_PREFIX = `${CACHE_PREFIX}shell-`;
/** When a kept answer was given by the server (ISO 8601), on the cached copy. */
export const STORED_AT_HEADER = "Wishlist-Stored-At";

/** What the page and the worker say to each other (`postMessage`'s `type`). */
export const OFFLINE_MESSAGES = Object.freeze({
  /** Worker → page: an answer came from the cache (`storedAt`), the server could not be reached. */
  offline: "offline",
  /** Worker → page: the server answered. */
  online: "online",
  /** Page → waiting worker: take over now (the person chose to reload). */
  takeOver: "take-over",
  /** Page → worker: `account` is signed in (a page loaded before the worker took it over says so). */
  account: "account",
  /** Page → worker: `account` signed out; keep nothing more for it (answers on the port given). */
  forgetAccount: "forget-account",
});

/** The start of the name of every cache and IndexedDB database that holds `account`'s data. */
export function accountPrefix(account) {
  return `${CACHE_PREFIX}${account}-`;
}

/** The cache of `account`'s answers (`kind` "api") or renditions ("media"). */
export function accountCacheName(account, kind) {
  return `${accountPrefix(account)}${kind}`;
}

/** The fixed start of `route`'s template, up to its first parameter: "/media/" for "/media/{id}/{size}". */
export function routePrefix(route) {
  return route.template.slice(0, route.template.indexOf("{"));
}
