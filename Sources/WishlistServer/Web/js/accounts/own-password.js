// Settings → Password (issue 34): anyone changes their own password, giving the current one. The
// server then ends every other session and API token of the account; this browser stays signed in.

import { api } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { setMessage } from "../common/messages.js";
import { i18n } from "../shell/i18n.js";
import { accountField, showFieldProblems, showFormAlert, showPasswordToggle, showServerFieldProblem } from "./account-fields.js";
import { accountProblems } from "./password-rules.js";

const PREFIX = "own-password";
const FIELDS = [
  { name: "currentPassword", labelKey: "settings.password.current", autocomplete: "current-password" },
  { name: "newPassword", labelKey: "changePassword.new", autocomplete: "new-password", hintKey: "auth.passwordHint" },
  { name: "confirm", labelKey: "auth.confirmPassword", autocomplete: "new-password" },
];

/** The change-of-password section of Settings. */
export class OwnPassword extends HTMLElement {
  #busy = false;

  connectedCallback() {
    this.innerHTML = `
      <section class="settings-section" aria-labelledby="settings-password-title">
        <h2 class="section-title" id="settings-password-title" data-i18n="settings.password.title"></h2>
        <p class="settings-lead" data-i18n="settings.password.lead"></p>
        <form class="form settings-form" novalidate aria-labelledby="settings-password-title">
          <p class="form-alert" role="alert" hidden></p>
          ${FIELDS.map((field) => accountField(PREFIX, field)).join("")}
          <label class="check">
            <input type="checkbox" class="check-box" id="${PREFIX}-show">
            <span data-i18n="auth.showPassword"></span>
          </label>
          <button type="submit" class="button button-secondary" data-i18n="settings.password.submit"></button>
        </form>
        <p class="settings-done" role="status"></p>
      </section>`;
    const form = this.querySelector("form");
    showPasswordToggle(form, `${PREFIX}-show`);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#submit(form);
    });
    i18n.localize(this);
  }

  async #submit(form) {
    if (this.#busy) return;
    const values = Object.fromEntries(FIELDS.map(({ name }) => [name, form.elements[name].value]));
    const done = this.querySelector(".settings-done");
    setMessage(done, {});
    showFormAlert(form, null);
    const problems = accountProblems(values, { current: "currentPassword", chosen: "newPassword" });
    showFieldProblems(form, PREFIX, problems);
    if (problems.length > 0) {
      form.elements[problems[0].field].focus();
      return;
    }
    this.#setBusy(true);
    try {
      await api.request(API.accounts.changePassword, {
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      form.reset();
      setMessage(done, { key: "settings.password.changed" });
    } catch (error) {
      if (!showServerFieldProblem(form, PREFIX, error)) showFormAlert(form, error);
    } finally {
      this.#setBusy(false);
    }
  }

  #setBusy(busy) {
    this.#busy = busy;
    const button = this.querySelector('button[type="submit"]');
    button.toggleAttribute("aria-busy", busy);
    button.dataset.i18n = busy ? "settings.password.submitting" : "settings.password.submit";
    i18n.localize(button);
  }
}

customElements.define("wl-own-password", OwnPassword);
