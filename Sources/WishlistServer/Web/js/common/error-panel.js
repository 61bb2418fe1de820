// K7: network trouble and server failures are said plainly, with a way to retry,
// never a blank screen. Set `error` (a NetworkError or ApiError); listen for "retry".
// An API error whose code the catalog explains (`error.<code>.title` and `.body`, e.g. a rate
// limit with the seconds to wait, or a service that is not set up) gets those words.

import { NetworkError } from "./api.js";
import { icon } from "./icons.js";
import { i18n } from "../shell/i18n.js";

/** A full-width message for a failed load with a "Try again" button. */
export class ErrorPanel extends HTMLElement {
  #error = null;

  set error(value) {
    this.#error = value;
    if (this.isConnected) this.#render();
  }

  get error() {
    return this.#error;
  }

  connectedCallback() {
    this.#render();
  }

  #render() {
    // A retry that fails again replaces the button; keep keyboard focus on it.
    const hadFocus = this.contains(document.activeElement);
    const offline = this.#error instanceof NetworkError;
    const code = this.#error?.code;
    const kind = offline ? "network" : i18n.has(`error.${code}.title`) ? code : "generic";
    this.innerHTML = `
      <section class="error-panel">
        <div class="error-panel-icon">${icon(offline ? "offline" : "alert")}</div>
        <div role="alert">
          <h2 class="error-panel-title" data-i18n="error.${kind}.title"></h2>
          <p class="error-panel-body" data-i18n="error.${kind}.body"></p>
        </div>
        <button type="button" class="button button-primary">${icon("refresh")}<span data-i18n="error.retry"></span></button>
      </section>`;
    const args = JSON.stringify({ seconds: this.#error?.retryAfter ?? "" });
    for (const element of this.querySelectorAll("[data-i18n]")) element.dataset.i18nArgs = args;
    i18n.localize(this);
    const button = this.querySelector("button");
    if (hadFocus) button.focus();
    button.addEventListener("click", () => {
      // aria-disabled rather than disabled, so keyboard focus stays on the button.
      if (button.getAttribute("aria-disabled") === "true") return;
      button.setAttribute("aria-disabled", "true");
      button.querySelector("span").dataset.i18n = "error.retrying";
      i18n.localize(button);
      this.dispatchEvent(new CustomEvent("retry", { bubbles: true }));
    });
  }
}

customElements.define("wl-error-panel", ErrorPanel);
