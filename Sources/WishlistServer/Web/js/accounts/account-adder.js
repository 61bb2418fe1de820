// Settings → Accounts → "Add an account" (issue 34), for administrators: a username, and whether
// the account is an administrator too. The server answers a temporary password, which the settings
// screen shows once (the `account-added` event) for the administrator to hand over; the person
// chooses their own at their first sign-in.

import { ApiError, api } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { i18n } from "../shell/i18n.js";
import { accountField, showFieldProblems, showFormAlert, showServerFieldProblem } from "./account-fields.js";
import { accountProblems } from "./password-rules.js";

const PREFIX = "add-account";

/** The form that adds an account; `account-added` (detail: the server's answer) bubbles up on success. */
export class AccountAdder extends HTMLElement {
  #busy = false;

  connectedCallback() {
    this.innerHTML = `
      <h3 class="settings-subtitle" id="${PREFIX}-title" data-i18n="settings.accounts.add"></h3>
      <form class="form settings-form" novalidate aria-labelledby="${PREFIX}-title">
        ${accountField(PREFIX, { name: "username", labelKey: "auth.username", autocomplete: "off", hintKey: "auth.usernameHint" })}
        <label class="check">
          <input type="checkbox" class="check-box" name="isAdmin">
          <span data-i18n="settings.accounts.addAdmin"></span>
        </label>
        <p class="form-alert" role="alert" hidden></p>
        <button type="submit" class="button button-secondary" data-i18n="settings.accounts.addSubmit"></button>
      </form>`;
    const form = this.querySelector("form");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#submit(form);
    });
    i18n.localize(this);
  }

  async #submit(form) {
    if (this.#busy) return;
    const username = form.elements.username.value.trim().toLowerCase();
    showFormAlert(form, null);
    const problems = accountProblems({ username }, { username: true });
    showFieldProblems(form, PREFIX, problems);
    if (problems.length > 0) {
      form.elements.username.focus();
      return;
    }
    this.#busy = true;
    const button = form.querySelector('button[type="submit"]');
    button.setAttribute("aria-busy", "true");
    try {
      const added = await api.request(API.admin.addAccount, { body: { username, isAdmin: form.elements.isAdmin.checked } });
      form.reset();
      this.dispatchEvent(new CustomEvent("account-added", { bubbles: true, detail: added }));
    } catch (error) {
      if (error instanceof ApiError && error.code === "conflict") {
        showFieldProblems(form, PREFIX, [{ field: "username", key: "settings.accounts.taken" }]);
        form.elements.username.focus();
      } else if (!showServerFieldProblem(form, PREFIX, error)) {
        showFormAlert(form, error);
      }
    } finally {
      this.#busy = false;
      button.removeAttribute("aria-busy");
    }
  }
}

customElements.define("wl-account-adder", AccountAdder);
