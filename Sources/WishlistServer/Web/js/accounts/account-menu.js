// The account button (showing the username) and the small panel it opens:
// who is signed in, the language switch, settings and sign out. A disclosure rather than
// an ARIA menu, because the panel holds a radio group, not just commands.

import { icon } from "../common/icons.js";
import { i18n, LANGUAGES } from "../shell/i18n.js";
import { session } from "./session.js";
import { NetworkError } from "../common/api.js";
import { confirmSignOut } from "../offline/account-data.js";
import { uniqueId } from "../common/unique-id.js";

/** The account button and its panel. */
export class AccountMenu extends HTMLElement {
  #panelId = uniqueId("account-panel");
  #onDocumentPointerDown = (event) => {
    if (!this.contains(event.target)) this.close();
  };
  #onLanguageChange = () => this.#syncLanguage();

  connectedCallback() {
    const user = session.user;
    this.innerHTML = `
      <button type="button" class="account-button" aria-expanded="false" aria-controls="${this.#panelId}">
        <span class="avatar" aria-hidden="true"></span>
        <span class="account-name"></span>
        ${icon("chevronDown", "icon icon-small account-chevron")}
      </button>
      <div class="account-panel" id="${this.#panelId}" hidden>
        <div class="account-identity">
          <span class="avatar avatar-large" aria-hidden="true"></span>
          <div>
            <p class="account-signed-in" data-i18n="account.signedInAs"></p>
            ${user?.isAdmin ? '<p class="account-role" data-i18n="account.admin"></p>' : ""}
          </div>
        </div>
        <fieldset class="account-section">
          <legend class="account-section-title">${icon("globe", "icon icon-small")}<span data-i18n="language.label"></span></legend>
          <div class="segmented">
            ${LANGUAGES.map(
              ({ code, nameKey }) => `
              <label class="segmented-option" lang="${code}">
                <input type="radio" name="${this.#panelId}-language" value="${code}">
                <span data-i18n="${nameKey}"></span>
              </label>`,
            ).join("")}
          </div>
        </fieldset>
        <section class="account-section account-about" aria-labelledby="${this.#panelId}-about">
          <h2 class="account-section-title" id="${this.#panelId}-about" data-i18n="about.title"></h2>
          <p class="data-credit" data-i18n="about.spotsSource"></p>
        </section>
        <a class="menu-item" href="#/settings">${icon("settings")}<span data-i18n="account.settings"></span></a>
        <p class="account-error" role="alert" hidden></p>
        <button type="button" class="menu-item" data-action="sign-out">
          ${icon("signOut")}<span data-i18n="account.signOut"></span>
        </button>
      </div>`;

    const username = user?.username ?? "";
    this.querySelector(".account-name").textContent = username;
    for (const avatar of this.querySelectorAll(".avatar")) avatar.textContent = username.slice(0, 1).toUpperCase();
    this.querySelector(".account-signed-in").dataset.i18nArgs = JSON.stringify({ username });

    this.querySelector(".account-button").addEventListener("click", () => (this.isOpen ? this.close() : this.open()));
    this.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.isOpen) {
        event.stopPropagation();
        this.close({ restoreFocus: true });
      }
    });
    this.addEventListener("focusout", (event) => {
      if (event.relatedTarget && !this.contains(event.relatedTarget)) this.close();
    });
    for (const radio of this.querySelectorAll('input[type="radio"]')) {
      radio.addEventListener("change", () => i18n.setLanguage(radio.value));
    }
    this.querySelector('[data-action="sign-out"]').addEventListener("click", () => this.#signOut());
    this.querySelector('a[href="#/settings"]').addEventListener("click", () => this.close());

    i18n.addEventListener("change", this.#onLanguageChange);
    i18n.localize(this);
    this.#syncLanguage();
  }

  disconnectedCallback() {
    i18n.removeEventListener("change", this.#onLanguageChange);
    document.removeEventListener("pointerdown", this.#onDocumentPointerDown);
  }

  get isOpen() {
    return this.querySelector(".account-button")?.getAttribute("aria-expanded") === "true";
  }

  open() {
    this.querySelector(".account-button").setAttribute("aria-expanded", "true");
    this.querySelector(".account-panel").hidden = false;
    document.addEventListener("pointerdown", this.#onDocumentPointerDown);
    this.querySelector('input[type="radio"]:checked')?.focus();
  }

  close({ restoreFocus = false } = {}) {
    if (!this.isOpen) return;
    this.querySelector(".account-button").setAttribute("aria-expanded", "false");
    this.querySelector(".account-panel").hidden = true;
    document.removeEventListener("pointerdown", this.#onDocumentPointerDown);
    if (restoreFocus) this.querySelector(".account-button").focus();
  }

  #syncLanguage() {
    for (const radio of this.querySelectorAll('input[type="radio"]')) radio.checked = radio.value === i18n.language;
  }

  async #signOut() {
    if (!(await confirmSignOut())) return;
    const button = this.querySelector('[data-action="sign-out"]');
    const alert = this.querySelector(".account-error");
    button.setAttribute("aria-busy", "true");
    alert.hidden = true;
    try {
      await session.signOut();
    } catch (error) {
      button.removeAttribute("aria-busy");
      alert.dataset.i18n = error instanceof NetworkError ? "error.network" : "error.generic";
      alert.hidden = false;
      i18n.localize(alert);
    }
  }
}

customElements.define("wl-account-menu", AccountMenu);
