// The screens before the app: first-run setup ("Create the first account"),
// sign-in, and "Choose a new password" after signing in with a temporary one an
// administrator set. One element with a `mode` attribute, because all are the
// same form with a different heading, different fields and different rules.

import { ApiError } from "../common/api.js";
import { i18n } from "../shell/i18n.js";
import { accountField, showFieldProblems, showFormAlert, showPasswordToggle, showServerFieldProblem } from "./account-fields.js";
import { accountProblems } from "./password-rules.js";
import { session } from "./session.js";

const USERNAME = { name: "username", labelKey: "auth.username", autocomplete: "username" };
const CONFIRM = { name: "confirm", labelKey: "auth.confirmPassword", autocomplete: "new-password" };

/**
 * Each form: its catalog prefix, its fields (named as the API names them, so that a server error's
 * `field` finds its input), which field holds a password being chosen (checked for length and
 * against `confirm`) and which one a password the person already has.
 */
const MODES = {
  setup: {
    prefix: "setup",
    fields: [
      { ...USERNAME, hintKey: "auth.usernameHint" },
      { name: "password", labelKey: "auth.password", autocomplete: "new-password", hintKey: "auth.passwordHint" },
      CONFIRM,
    ],
    newPassword: "password",
  },
  "sign-in": {
    prefix: "signIn",
    fields: [USERNAME, { name: "password", labelKey: "auth.password", autocomplete: "current-password" }],
    currentPassword: "password",
  },
  "change-password": {
    prefix: "changePassword",
    fields: [
      { name: "currentPassword", labelKey: "changePassword.current", autocomplete: "current-password" },
      { name: "newPassword", labelKey: "changePassword.new", autocomplete: "new-password", hintKey: "auth.passwordHint" },
      CONFIRM,
    ],
    currentPassword: "currentPassword",
    newPassword: "newPassword",
    signOut: true,
  },
};

/** The setup, sign-in or change-of-password form; on success the session changes and the app moves on. */
export class AuthView extends HTMLElement {
  #busy = false;

  get mode() {
    return MODES[this.getAttribute("mode")] ? this.getAttribute("mode") : "sign-in";
  }

  connectedCallback() {
    const mode = MODES[this.mode];
    this.innerHTML = `
      <main class="auth" id="main-content">
        <div class="auth-card">
          <div class="brand-mark brand-mark-large" aria-hidden="true"></div>
          <h1 class="auth-title" data-i18n="${mode.prefix}.title"></h1>
          <p class="auth-lead" data-i18n="${mode.prefix}.lead"></p>
          <form class="form" novalidate>
            <p class="form-alert" role="alert" hidden></p>
            ${mode.fields.map((entry) => accountField("auth", entry)).join("")}
            <label class="check">
              <input type="checkbox" class="check-box" id="auth-show-password">
              <span data-i18n="auth.showPassword"></span>
            </label>
            <button type="submit" class="button button-primary button-block" data-i18n="${mode.prefix}.submit"></button>
          </form>
          ${mode.signOut ? `<button type="button" class="button button-quiet button-block" data-action="sign-out" data-i18n="account.signOut"></button>` : ""}
        </div>
      </main>`;
    this.querySelector('[data-action="sign-out"]')?.addEventListener("click", () => {
      session.signOut().catch((error) => this.#showAlert(error));
    });
    // On a phone keyboard a mistyped password is easy to miss; showing it is the person's choice.
    showPasswordToggle(this.querySelector("form"), "auth-show-password");
    this.querySelector("form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.#submit();
    });
    i18n.localize(this);
  }

  async #submit() {
    if (this.#busy) return;
    const form = this.querySelector("form");
    const values = Object.fromEntries(MODES[this.mode].fields.map(({ name }) => [name, form.elements[name].value]));
    if ("username" in values) values.username = values.username.trim().toLowerCase();
    this.#showAlert(null);
    const problems = this.#validate(values);
    this.#showFieldErrors(problems);
    if (problems.length > 0) {
      form.elements[problems[0].field].focus();
      return;
    }

    this.#setBusy(true);
    try {
      if (this.mode === "setup") await session.setUp(values.username, values.password);
      else if (this.mode === "change-password") await session.changePassword(values.currentPassword, values.newPassword);
      else await session.signIn(values.username, values.password);
    } catch (error) {
      this.#setBusy(false);
      this.#showServerError(error);
    }
  }

  #validate(values) {
    const { currentPassword, newPassword } = MODES[this.mode];
    return accountProblems(values, { current: currentPassword, chosen: newPassword, username: this.mode === "setup" });
  }

  /** Marks each field with its problem: a catalog `key`, or the server's own `text`. */
  #showFieldErrors(problems) {
    showFieldProblems(this.querySelector("form"), "auth", problems);
  }

  #showServerError(error) {
    const form = this.querySelector("form");
    if (error instanceof ApiError && error.code === "already_set_up") {
      // Someone finished setup first: the sign-in screen is what this person needs now.
      session.load().catch((loadError) => this.#showAlert(loadError));
      return;
    }
    if (error instanceof ApiError && error.status === 400 && showServerFieldProblem(form, "auth", error)) return;
    this.#showAlert(error);
  }

  /** Shows what went wrong in the form's alert; `null` hides it. */
  #showAlert(error) {
    showFormAlert(this.querySelector("form"), error);
  }

  #setBusy(busy) {
    this.#busy = busy;
    const button = this.querySelector('button[type="submit"]');
    const prefix = MODES[this.mode].prefix;
    button.toggleAttribute("aria-busy", busy);
    button.dataset.i18n = busy ? `${prefix}.submitting` : `${prefix}.submit`;
    i18n.localize(button);
  }
}

customElements.define("wl-auth-view", AuthView);
