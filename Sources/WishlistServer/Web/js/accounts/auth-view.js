// The screens before the app: first-run setup ("Create the first account"),
// sign-in, and "Choose a new password" after signing in with a temporary one an
// administrator set. One element with a `mode` attribute, because all are the
// same form with a different heading, different fields and different rules.

import { ApiError } from "../common/api.js";
import { i18n } from "../shell/i18n.js";
import { describe, setMessage } from "../common/messages.js";
import { session } from "./session.js";

const USERNAME_PATTERN = /^[a-z0-9._-]{3,32}$/;
const PASSWORD_MIN_LENGTH = 10;

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
            ${mode.fields.map(field).join("")}
            <label class="check">
              <input type="checkbox" class="check-box" id="auth-show-password">
              <span data-i18n="auth.showPassword"></span>
            </label>
            <button type="submit" class="button button-primary button-block" data-i18n="${mode.prefix}.submit"></button>
          </form>
          ${mode.signOut ? `<button type="button" class="button button-quiet button-block" data-action="sign-out" data-i18n="account.signOut"></button>` : ""}
        </div>
      </main>`;
    const username = this.querySelector("#auth-username");
    username?.setAttribute("autocapitalize", "none");
    username?.setAttribute("spellcheck", "false");
    this.querySelector('[data-action="sign-out"]')?.addEventListener("click", () => {
      session.signOut().catch((error) => this.#showAlert(error));
    });
    // On a phone keyboard a mistyped password is easy to miss; showing it is the person's choice.
    this.querySelector("#auth-show-password").addEventListener("change", (event) => {
      for (const input of this.querySelectorAll('input[autocomplete$="password"]')) {
        input.type = event.target.checked ? "text" : "password";
      }
    });
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
    const problems = [];
    if ("username" in values) {
      if (values.username.length === 0) problems.push({ field: "username", key: "validation.username.required" });
      else if (this.mode === "setup" && !USERNAME_PATTERN.test(values.username)) {
        problems.push({ field: "username", key: "validation.username.format" });
      }
    }
    if (currentPassword && values[currentPassword].length === 0) {
      problems.push({ field: currentPassword, key: "validation.password.required" });
    }
    if (newPassword) {
      const chosen = values[newPassword];
      if (chosen.length === 0) problems.push({ field: newPassword, key: "validation.password.required" });
      else if (chosen.length < PASSWORD_MIN_LENGTH) problems.push({ field: newPassword, key: "validation.password.short" });
      if (chosen.length > 0 && values.confirm !== chosen) problems.push({ field: "confirm", key: "validation.confirm.mismatch" });
    }
    return problems;
  }

  /** Marks each field with its problem: a catalog `key`, or the server's own `text`. */
  #showFieldErrors(problems) {
    for (const input of this.querySelectorAll("input.input")) {
      const problem = problems.find((entry) => entry.field === input.name);
      const message = this.querySelector(`#auth-${input.name}-error`);
      if (problem) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
      message.hidden = !problem;
      setMessage(message, problem ?? {});
      // An error states the rule the hint gave, so it takes the hint's place rather than repeating it.
      const hint = this.querySelector(`#auth-${input.name}-hint`);
      if (hint) {
        hint.hidden = Boolean(problem);
        input.setAttribute("aria-describedby", problem ? message.id : `${hint.id} ${message.id}`);
      }
    }
  }

  #showServerError(error) {
    const form = this.querySelector("form");
    if (error instanceof ApiError && error.code === "already_set_up") {
      // Someone finished setup first: the sign-in screen is what this person needs now.
      session.load().catch((loadError) => this.#showAlert(loadError));
      return;
    }
    if (error instanceof ApiError && error.status === 400 && error.field && form.elements[error.field]) {
      this.#showFieldErrors([{ field: error.field, ...describe(error) }]);
      form.elements[error.field].focus();
      return;
    }
    this.#showAlert(error);
  }

  /** Shows what went wrong in the form's alert; `null` hides it. */
  #showAlert(error) {
    const alert = this.querySelector(".form-alert");
    alert.hidden = error === null;
    setMessage(alert, error === null ? {} : describe(error));
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

function field({ name, labelKey, autocomplete, hintKey = null }) {
  const id = `auth-${name}`;
  const type = name === "username" ? "text" : "password";
  const described = [hintKey ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" ");
  return `
    <div class="field">
      <label class="field-label" for="${id}" data-i18n="${labelKey}"></label>
      <input class="input" id="${id}" name="${name}" type="${type}" autocomplete="${autocomplete}"
        required aria-describedby="${described}">
      ${hintKey ? `<p class="field-hint" id="${id}-hint" data-i18n="${hintKey}"></p>` : ""}
      <p class="field-error" id="${id}-error" role="alert" hidden></p>
    </div>`;
}

customElements.define("wl-auth-view", AuthView);
