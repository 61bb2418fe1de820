// The page's side of the service worker (service-worker.js): registers it, and keeps what the
// offline banner and the update prompt show — whether answers now come from what was kept (and
// when they were fresh), how many writes wait in the outbox (its module announces the count
// with a `wishlist:outbox` event on window; nothing here imports it), and a new version waiting.

import { API, apiPath } from "../common/api-routes.js";
import { OFFLINE_MESSAGES } from "./offline-names.js";

/** The event the outbox sends on window whenever its count changes: `detail.count`. */
export const OUTBOX_EVENT = "wishlist:outbox";

/** What the page knows of the network and the worker; a "change" event follows every change. */
class OfflineStatus extends EventTarget {
  /** Whether the last answers came from the cache because the server could not be reached. */
  offline = false;
  /** When the newest answer shown offline was fresh (a Date), or null. */
  freshAt = null;
  /** Writes waiting in the outbox, as it last said. */
  outboxCount = 0;
  /** A new version's worker, installed and waiting for the page to say "take over", or null. */
  waiting = null;
  #reloading = false;

  /** Registers the worker and listens to it; does nothing where service workers are not offered. */
  start() {
    window.addEventListener(OUTBOX_EVENT, (event) => this.#update({ outboxCount: Number(event.detail?.count) || 0 }));
    window.addEventListener("offline", () => this.#update({ offline: true }));
    const container = navigator.serviceWorker;
    if (!container) return;
    container.addEventListener("message", (event) => this.#heard(event.data ?? {}));
    container.startMessages();
    container.addEventListener("controllerchange", () => {
      if (this.#reloading) location.reload();
    });
    // After the page has loaded: installing fetches the whole shell, which must not slow the first screen.
    const register = () => this.#register().catch(() => {});
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }

  /** The person chose to reload into the new version: the waiting worker takes over, then the page reloads. */
  takeOver() {
    if (!this.waiting) return;
    this.#reloading = true;
    this.waiting.postMessage({ type: OFFLINE_MESSAGES.takeOver });
  }

  async #register() {
    const registration = await navigator.serviceWorker.register(apiPath(API.server.serviceWorker), {
      type: "module",
      updateViaCache: "none",
    });
    // Only an update waits: the first worker has no page of an older version to disturb.
    const watch = (worker) =>
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) this.#update({ waiting: worker });
      });
    if (registration.waiting && navigator.serviceWorker.controller) this.#update({ waiting: registration.waiting });
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
  }

  #heard({ type, storedAt }) {
    if (type === OFFLINE_MESSAGES.online) {
      this.#update({ offline: false, freshAt: null });
    } else if (type === OFFLINE_MESSAGES.offline) {
      const at = storedAt ? new Date(storedAt) : null;
      const freshAt = at && !Number.isNaN(at.getTime()) && (!this.freshAt || at > this.freshAt) ? at : this.freshAt;
      this.#update({ offline: true, freshAt });
    }
  }

  #update(values) {
    if (Object.entries(values).every(([key, value]) => this[key] === value)) return;
    Object.assign(this, values);
    this.dispatchEvent(new Event("change"));
  }
}

/** The page's one status. */
export const offlineStatus = new OfflineStatus();
