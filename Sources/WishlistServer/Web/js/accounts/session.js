// Who is signed in. The user record itself lives in the store (kind "user");
// this remembers which one is "me" and what the first screen should be.

import { api, apiEvents, ApiError } from "../common/api.js";
import { API, apiPath } from "../common/api-routes.js";
import { store } from "../common/store.js";

/** The states the app can start in. */
export const SessionState = Object.freeze({
  unknown: "unknown",
  setupRequired: "setupRequired",
  signedOut: "signedOut",
  signedIn: "signedIn",
  /** Signed in with a temporary password an administrator set: nothing but choosing a new one. */
  passwordChangeRequired: "passwordChangeRequired",
});

/** Signs in, out and up against the API and announces each change with a "change" event. */
export class Session extends EventTarget {
  #state = SessionState.unknown;
  #userId = null;

  constructor() {
    super();
    // A session that ended on the server (expired, signed out elsewhere) sends the person back to sign-in.
    apiEvents.addEventListener("unauthenticated", () => {
      if (this.#state !== SessionState.signedIn && this.#state !== SessionState.passwordChangeRequired) return;
      store.clear();
      this.#set(SessionState.signedOut, null);
    });
  }

  get state() {
    return this.#state;
  }

  /** The signed-in user's record, or null. */
  get user() {
    return this.#userId ? store.get("user", this.#userId) ?? null : null;
  }

  /** Asks the server who we are; rejects with NetworkError/ApiError for anything but "not signed in". */
  async load() {
    try {
      this.#signedIn(await api.request(API.accounts.me));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
      const { setupRequired } = await api.request(API.accounts.setupStatus);
      this.#set(setupRequired ? SessionState.setupRequired : SessionState.signedOut, null);
    }
  }

  /** Creates the first account, which also signs it in. */
  async setUp(username, password) {
    this.#signedIn(await api.request(API.accounts.setUp, { body: { username, password } }));
  }

  async signIn(username, password) {
    const answer = await api.request(API.accounts.signIn, { body: { username, password } });
    this.#signedIn(answer.user ?? answer);
  }

  /** Replaces a temporary password with one the person chose; the server then lets the account in. */
  async changePassword(currentPassword, newPassword) {
    await api.request(API.accounts.changePassword, { body: { currentPassword, newPassword } });
    this.#signedIn(await api.request(API.accounts.me));
  }

  async signOut() {
    await api.request(API.accounts.signOut);
    store.clear();
    this.#set(SessionState.signedOut, null);
  }

  #signedIn(user) {
    store.put("user", user);
    if (user.mustChangePassword) {
      this.#set(SessionState.passwordChangeRequired, user.id);
      return;
    }
    // Something was shared while signed out: the server kept it; now it can become a wish.
    if (document.cookie.split("; ").includes("wishlist_share_pending=1")) {
      location.assign(apiPath(API.links.continueSharing));
      return;
    }
    this.#set(SessionState.signedIn, user.id);
  }

  #set(state, userId) {
    this.#state = state;
    this.#userId = userId;
    this.dispatchEvent(new Event("change"));
  }
}

/** The app's one session. */
export const session = new Session();
