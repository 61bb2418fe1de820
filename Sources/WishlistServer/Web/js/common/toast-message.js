// A short, polite message at the foot of the screen for things that failed
// without stopping the screen (a star that could not be saved, a search that
// could not be deleted). One per app, placed by the shell.

import { i18n } from "../shell/i18n.js";

const VISIBLE_MS = 5000;

/** The app's status line; `showToast(key)` puts a catalog message in it for a few seconds. */
export class ToastMessage extends HTMLElement {
  #timer = null;

  connectedCallback() {
    this.setAttribute("role", "status");
    this.className = "toast";
    this.hidden = true;
  }

  show(key) {
    this.dataset.i18n = key;
    i18n.localize(this);
    this.hidden = false;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.hidden = true;
    }, VISIBLE_MS);
  }
}

/** Shows the catalog message `key` in the app's toast, if the shell is on screen. */
export function showToast(key) {
  document.querySelector("wl-toast")?.show(key);
}

customElements.define("wl-toast", ToastMessage);
