// The root element: loads the language catalog, asks who is signed in, and
// shows setup, sign-in, the change of a temporary password, the app shell, or a
// plain error with a retry (K7).

import { i18n } from "./i18n.js";
import { session, SessionState } from "../accounts/session.js";
import "./app-shell.js";
import "../common/error-panel.js";
import "../accounts/auth-view.js";

/** The form each state before the app shows. */
const AUTH_MODES = {
  [SessionState.setupRequired]: "setup",
  [SessionState.signedOut]: "sign-in",
  [SessionState.passwordChangeRequired]: "change-password",
};

/** The whole app; `<wl-app>` in index.html. */
export class WishlistApp extends HTMLElement {
  #shownState = null;

  async connectedCallback() {
    try {
      await i18n.init();
    } catch {
      // Without a catalog no message can be said in the person's language; index.html holds a last-resort one.
      document.getElementById("boot-failure")?.removeAttribute("hidden");
      this.replaceChildren();
      return;
    }
    session.addEventListener("change", () => this.#render());
    await this.#load();
  }

  async #load() {
    try {
      await session.load();
    } catch (error) {
      this.#showError(error);
    }
  }

  #render() {
    const state = session.state;
    if (state === this.#shownState) return;
    this.#shownState = state;
    switch (state) {
      case SessionState.signedIn:
        this.replaceChildren(document.createElement("wl-shell"));
        break;
      case SessionState.setupRequired:
      case SessionState.signedOut:
      case SessionState.passwordChangeRequired: {
        const view = document.createElement("wl-auth-view");
        view.setAttribute("mode", AUTH_MODES[state]);
        this.replaceChildren(view);
        view.querySelector("input")?.focus();
        break;
      }
      default:
        break;
    }
  }

  #showError(error) {
    let panel = this.querySelector(":scope > .app-error wl-error-panel");
    if (!panel) {
      this.#shownState = null;
      const main = document.createElement("main");
      main.className = "app-error";
      panel = document.createElement("wl-error-panel");
      panel.addEventListener("retry", () => this.#load());
      main.append(panel);
      this.replaceChildren(main);
    }
    panel.error = error;
  }
}

customElements.define("wl-app", WishlistApp);
