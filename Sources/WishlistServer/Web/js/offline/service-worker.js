// The service worker's code: /sw.js (the server's ServiceWorkerScript) imports this module and
// calls `startServiceWorker` with its version and the app shell. It keeps, in Cache Storage:
// - `wishlist-shell-<version>`: the page, manifest, stylesheet, scripts, catalogs and icons of one
//   version (and Leaflet's files), served first from the cache so the app opens with no network;
//   a new version is installed beside it and waits until the page says to take over.
// - `wishlist-<account>-api`: every JSON answer to a GET under the API the person was given, asked
//   of the network first and shown from here only when the network fails.
// - `wishlist-<account>-media`: thumbnails and medium renditions seen (media-cache.js, bounded).
// The account is the one the server last named (`/me`, sign-in, setup); it is kept in
// `wishlist-offline-state` so a restarted worker knows it, and forgotten at sign-out or a 401 —
// which also deletes its data here, since a page that opens with its session over never knew it.

import { API, API_PREFIX, apiPath } from "../common/api-routes.js";
import { LEAFLET_FILES } from "../places/leaflet.js";
import { deleteAccountStorage } from "./account-storage.js";
import { accountCacheName, CACHE_PREFIX, OFFLINE_MESSAGES, routePrefix, SHELL_CACHE_PREFIX, STORED_AT_HEADER } from "./offline-names.js";
import { MediaCache } from "./media-cache.js";
import { keepShare } from "./shared-inbox.js";

const STATE_CACHE = `${CACHE_PREFIX}offline-state`;
const ACCOUNT_KEY = "/offline-state/account";
// Renditions a screen shows while browsing; larger ones and originals are only ever opened.
const CACHED_SIZES = new Set(["thumb", "medium"]);
// The routes whose answers name the account they were given to.
const ACCOUNT_ANSWERS = [API.accounts.me, API.accounts.signIn, API.accounts.setUp];
// Map markers are asked for the box on screen, which never repeats exactly: offline, the last
// markers seen stand in for any box.
const ANY_QUERY = [API.places.markers, API.journal.markers, API.spots.markers].map((route) => apiPath(route));
const MEDIA_PREFIX = routePrefix(API.photos.media);
const LEAFLET_PREFIX = routePrefix(API.server.leaflet);

/** Starts the worker of `version`, which keeps `shell` (paths) for offline starts. */
export function startServiceWorker({ version, shell }) {
  const shellCache = `${SHELL_CACHE_PREFIX}${version}`;
  const accounts = new AccountKeeper();
  const media = new MediaCache();

  self.addEventListener("install", (event) => {
    event.waitUntil(precache(shellCache, shell));
  });

  self.addEventListener("activate", (event) => {
    event.waitUntil(
      (async () => {
        for (const name of await caches.keys()) {
          if (name.startsWith(SHELL_CACHE_PREFIX) && name !== shellCache) await caches.delete(name);
        }
        await self.clients.claim();
      })(),
    );
  });

  self.addEventListener("message", (event) => {
    const { type, account } = event.data ?? {};
    // The page waits for this answer, on the port it sent, before going on.
    const answer = () => event.ports[0]?.postMessage("done");
    if (type === OFFLINE_MESSAGES.takeOver) {
      self.skipWaiting();
    } else if (type === OFFLINE_MESSAGES.account && typeof account === "string") {
      // Only when no answer named one: what the server said last outweighs an older page.
      event.waitUntil(accounts.adopt(account).finally(answer));
    } else if (type === OFFLINE_MESSAGES.forgetAccount) {
      // The page deletes the account's data next; nothing may be kept for it after this answer.
      media.forget(account);
      event.waitUntil(accounts.forget(account).finally(answer));
    } else {
      // A message of a newer page than this worker: answered all the same, so nothing waits forever.
      answer();
    }
  });

  self.addEventListener("fetch", (event) => {
    const { request } = event;
    const url = new URL(request.url);
    if (url.origin !== location.origin) return;
    const path = url.pathname;
    if (request.method !== "GET") {
      if (ACCOUNT_ANSWERS.some((route) => route.method === request.method && apiPath(route) === path)) {
        event.respondWith(fetchAndNote(request, accounts));
      } else if (request.method === API.accounts.signOut.method && path === apiPath(API.accounts.signOut)) {
        event.respondWith(signOut(request, accounts));
      } else if (request.method === API.links.share.method && path === apiPath(API.links.share)) {
        event.respondWith(shareTarget(request));
      }
      return;
    }
    if (request.mode === "navigate") {
      if (path === apiPath(API.server.page) || path === apiPath(API.server.index)) {
        event.respondWith(fromShell(shellCache, apiPath(API.server.page), request));
      }
    } else if (path.startsWith(API_PREFIX)) {
      event.respondWith(apiAnswer(event, accounts));
    } else if (path.startsWith(MEDIA_PREFIX)) {
      const [id, size] = path.slice(MEDIA_PREFIX.length).split("/");
      if (id && CACHED_SIZES.has(size)) event.respondWith(mediaAnswer(event, accounts, media));
    } else if (path.startsWith(routePrefix(API.server.asset)) || path.startsWith(LEAFLET_PREFIX) || path === apiPath(API.server.manifest)) {
      event.respondWith(fromShell(shellCache, request, request));
    }
  });
}

/**
 * The share target (`POST /share`): sent to the server as it is; when the server cannot be
 * reached, the share is kept in the shared inbox and the app opened at the outbox, which takes it
 * in as a new wish waiting to be sent (shared-inbox.js).
 */
async function shareTarget(request) {
  const kept = request.clone();
  try {
    return await fetch(request);
  } catch {
    const form = await kept.formData();
    const text = (name) => (typeof form.get(name) === "string" ? form.get(name) : "");
    const files = form.getAll("files").filter((file) => file instanceof File && file.size > 0);
    await keepShare({ title: text("title"), text: text("text"), url: text("url"), files });
    return Response.redirect(`${apiPath(API.server.page)}#/outbox`, 303);
  }
}

/** Fetches every file of the shell (all or nothing) and Leaflet's (as many as the server has). */
async function precache(name, shell) {
  const cache = await caches.open(name);
  await cache.addAll(shell.map((path) => new Request(path, { cache: "reload" })));
  await Promise.all(
    LEAFLET_FILES.map((file) => cache.add(apiPath(API.server.leaflet, { path: file })).catch(() => {})),
  );
}

/** The shell's copy of `key`, else the network's answer (kept when it is Leaflet's, whose images load later). */
async function fromShell(name, key, request) {
  const cache = await caches.open(name);
  const kept = await cache.match(key);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith(LEAFLET_PREFIX)) await cache.put(request, response.clone());
  return response;
}

/** Network first; the answer kept for the account, or the kept one when the network fails. */
async function apiAnswer(event, accounts) {
  const { request } = event;
  const account = await accounts.current();
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    // The page gave up on it (it went to another screen): not the network's failure.
    if (request.signal?.aborted || !account) throw error;
    const kept = await keptAnswer(account, request);
    if (!kept) throw error;
    tell(event.clientId, { type: OFFLINE_MESSAGES.offline, storedAt: kept.headers.get(STORED_AT_HEADER) });
    return kept;
  }
  const owner = (await accounts.note(request, response)) ?? account;
  // Kept while the page already reads its answer.
  if (response.status === 200 && owner && isJSON(response)) {
    event.waitUntil(accounts.keep(owner, accountCacheName(owner, "api"), request, response));
  }
  if (response.status < 500) tell(event.clientId, { type: OFFLINE_MESSAGES.online });
  return response;
}

async function keptAnswer(account, request) {
  const cache = await caches.open(accountCacheName(account, "api"));
  const path = new URL(request.url).pathname;
  return (await cache.match(request)) ?? (ANY_QUERY.includes(path) ? cache.match(request, { ignoreSearch: true }) : undefined);
}

/** A rendition seen: from the account's media cache, else from the network and kept. */
async function mediaAnswer(event, accounts, media) {
  const { request } = event;
  const account = await accounts.current();
  if (!account) return fetch(request);
  const kept = await media.match(account, request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) event.waitUntil(media.keep(account, request, response.clone(), () => accounts.isCurrent(account)));
  return response;
}

/** Sign-in, setup or `/me` sent on, the account its answer names noted. */
async function fetchAndNote(request, accounts) {
  const response = await fetch(request);
  await accounts.note(request, response);
  return response;
}

async function signOut(request, accounts) {
  const response = await fetch(request);
  if (response.ok || response.status === 401) await accounts.set(null);
  return response;
}

function isJSON(response) {
  return (response.headers.get("Content-Type") ?? "").startsWith("application/json");
}

async function tell(clientId, message) {
  const client = clientId ? await self.clients.get(clientId) : null;
  client?.postMessage(message);
}

/** Which account the worker keeps answers for, remembered across the worker's restarts. */
class AccountKeeper {
  #account;

  async current() {
    if (this.#account === undefined) {
      const kept = await (await caches.open(STATE_CACHE)).match(ACCOUNT_KEY);
      this.#account = kept ? (await kept.json()).account : null;
    }
    return this.#account;
  }

  async isCurrent(account) {
    return (await this.current()) === account;
  }

  async set(account) {
    this.#account = account;
    const state = await caches.open(STATE_CACHE);
    await state.put(ACCOUNT_KEY, new Response(JSON.stringify({ account }), { headers: { "Content-Type": "application/json" } }));
  }

  /** Takes `account` as the current one when none is known. */
  async adopt(account) {
    if ((await this.current()) === null) await this.set(account);
  }

  /** Stops keeping anything for `account` (signed out); its caches are the page's to delete. */
  async forget(account) {
    if ((await this.current()) === account) await this.set(null);
  }

  /**
   * Notes the account an answer names (`/me`, sign-in, setup) or that the session ended (401);
   * resolves with the account named, if any.
   */
  async note(request, response) {
    if (response.status === 401) {
      const ended = await this.current();
      await this.set(null);
      if (ended) await deleteAccountStorage(ended);
      return null;
    }
    const path = new URL(request.url).pathname;
    const names = ACCOUNT_ANSWERS.some((route) => route.method === request.method && apiPath(route) === path);
    if (!names || !response.ok) return null;
    try {
      const answer = await response.clone().json();
      const id = (answer.user ?? answer)?.id;
      if (typeof id !== "string") return null;
      await this.set(id);
      return id;
    } catch {
      return null;
    }
  }

  /** Keeps `response` in the account's cache `name`, unless the account signed out meanwhile. */
  async keep(account, name, request, response) {
    const body = await response.clone().blob();
    if (!(await this.isCurrent(account))) return;
    const headers = new Headers(response.headers);
    headers.set(STORED_AT_HEADER, new Date().toISOString());
    try {
      await (await caches.open(name)).put(request, new Response(body, { status: response.status, headers }));
    } catch {
      // A full storage keeps nothing more; the answer is still given.
    }
  }
}
