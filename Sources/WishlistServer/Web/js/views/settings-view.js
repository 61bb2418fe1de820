// Settings (W7): ways to add pages from other apps where the browser has no share target — a
// bookmarklet for any browser and an iOS Shortcut, with an API token made here for it. The
// bookmarklet opens this server's share screen (`/share?url=…&title=…`); the Shortcut sends the
// same GET with the token, which makes the wish at once.

import { api } from "../api.js";
import { icon } from "../icons.js";
import { i18n } from "../i18n.js";
import { describe, setMessage } from "../messages.js";

/** The bookmarklet's address for the server at `origin`: it sends the open page to `/share`. */
export function bookmarklet(origin) {
  return `javascript:location.href=${JSON.stringify(`${origin}/share?url=`).replaceAll('"', "'")}`
    + "+encodeURIComponent(location.href)+'&title='+encodeURIComponent(document.title)";
}

const SHORTCUT_STEPS = 7;

/** Where people reach this server: the server's `--public-url` when it has one (behind a proxy the
 * page's own origin may not be it), else the page's origin. */
function publicOrigin() {
  return document.querySelector('meta[name="wishlist-public-url"]')?.content || location.origin;
}

/** The settings screen. */
export class SettingsView extends HTMLElement {
  connectedCallback() {
    const origin = publicOrigin();
    this.innerHTML = `
      <div class="settings">
        <section class="settings-section" aria-labelledby="settings-share-title">
          <h2 class="section-title" id="settings-share-title" data-i18n="settings.share.title"></h2>
          <p class="settings-lead" data-i18n="settings.share.lead"></p>
          <h3 class="settings-subtitle" id="settings-bookmarklet-title" data-i18n="settings.bookmarklet.title"></h3>
          <p data-i18n="settings.bookmarklet.body"></p>
          <a class="button button-secondary settings-bookmarklet" draggable="true">${icon("plus")}<span data-i18n="settings.bookmarklet.link"></span></a>
          <label class="field-label" for="settings-bookmarklet-code" data-i18n="settings.bookmarklet.code"></label>
          <div class="settings-copy-row">
            <input class="input settings-code" id="settings-bookmarklet-code" readonly spellcheck="false">
            <button type="button" class="button button-quiet" data-copy="settings-bookmarklet-code" data-i18n="settings.copy"></button>
          </div>
          <h3 class="settings-subtitle" data-i18n="settings.shortcut.title"></h3>
          <ol class="settings-steps">
            ${Array.from({ length: SHORTCUT_STEPS }, (_, index) => `<li data-i18n="settings.shortcut.step${index + 1}"></li>`).join("")}
          </ol>
          <button type="button" class="button button-secondary" data-action="make-token">
            <span data-i18n="settings.token.make"></span>
          </button>
          <p class="field-error" role="alert" hidden></p>
          <div class="settings-token" hidden>
            <label class="field-label" for="settings-token-value" data-i18n="settings.token.made"></label>
            <div class="settings-copy-row">
              <input class="input settings-code" id="settings-token-value" readonly spellcheck="false">
              <button type="button" class="button button-quiet" data-copy="settings-token-value" data-i18n="settings.copy"></button>
            </div>
          </div>
          <p class="visually-hidden" role="status" data-role="announce"></p>
        </section>
      </div>`;
    const code = bookmarklet(origin);
    const link = this.querySelector(".settings-bookmarklet");
    link.href = code;
    // Tapped here it would only share this page (and the page's security policy stops it anyway): it is for dragging.
    link.addEventListener("click", (event) => event.preventDefault());
    this.querySelector("#settings-bookmarklet-code").value = code;
    for (const step of this.querySelectorAll(".settings-steps li")) step.dataset.i18nArgs = JSON.stringify({ origin });
    for (const button of this.querySelectorAll("[data-copy]")) {
      button.addEventListener("click", () => this.#copy(this.querySelector(`#${button.dataset.copy}`)));
    }
    const make = this.querySelector('[data-action="make-token"]');
    make.addEventListener("click", () => this.#makeToken(make));
    i18n.localize(this);
  }

  async #copy(input) {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      setMessage(this.querySelector('[data-role="announce"]'), { key: "settings.copied" });
    } catch {
      // No clipboard (an insecure origin): the text stays selected for the person to copy.
    }
  }

  /** A new API token named for the Shortcut, shown once (the server keeps only its digest). */
  async #makeToken(button) {
    if (button.hasAttribute("aria-busy")) return;
    const problem = this.querySelector(".settings .field-error");
    problem.hidden = true;
    button.setAttribute("aria-busy", "true");
    try {
      const made = await api.post("/tokens", { name: i18n.t("settings.token.name") });
      this.querySelector("#settings-token-value").value = made.token;
      this.querySelector(".settings-token").hidden = false;
      this.querySelector("#settings-token-value").focus();
    } catch (error) {
      setMessage(problem, describe(error));
      problem.hidden = false;
    } finally {
      button.removeAttribute("aria-busy");
    }
  }
}

customElements.define("wl-settings-view", SettingsView);
