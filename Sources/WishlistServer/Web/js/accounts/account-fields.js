// The fields of the account forms (setup, sign-in, choosing a password, changing it in Settings,
// adding an account): one label, input, hint and error each, ids made from the form's `prefix`, so
// that a problem found here or named by the server (`field`) lands under its input.

import { ApiError } from "../common/api.js";
import { describe, setMessage } from "../common/messages.js";

/** The markup of one field: `name` as the API names it, a password field unless it is `username`. */
export function accountField(prefix, { name, labelKey, autocomplete, hintKey = null }) {
  const id = `${prefix}-${name}`;
  const type = name === "username" ? "text" : "password";
  const described = [hintKey ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" ");
  const username = name === "username" ? ' autocapitalize="none" spellcheck="false"' : "";
  return `
    <div class="field">
      <label class="field-label" for="${id}" data-i18n="${labelKey}"></label>
      <input class="input" id="${id}" name="${name}" type="${type}" autocomplete="${autocomplete}"
        required aria-describedby="${described}"${username}>
      ${hintKey ? `<p class="field-hint" id="${id}-hint" data-i18n="${hintKey}"></p>` : ""}
      <p class="field-error" id="${id}-error" role="alert" hidden></p>
    </div>`;
}

/** Marks each of `form`'s fields with its problem (a catalog `key`, or the server's `text`), clearing the others. */
export function showFieldProblems(form, prefix, problems) {
  for (const input of form.querySelectorAll("input.input")) {
    const problem = problems.find((entry) => entry.field === input.name);
    const message = form.querySelector(`#${prefix}-${input.name}-error`);
    if (!message) continue;
    if (problem) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    message.hidden = !problem;
    setMessage(message, problem ?? {});
    // An error states the rule the hint gave, so it takes the hint's place rather than repeating it.
    const hint = form.querySelector(`#${prefix}-${input.name}-hint`);
    if (hint) {
      hint.hidden = Boolean(problem);
      input.setAttribute("aria-describedby", problem ? message.id : `${hint.id} ${message.id}`);
    }
  }
}

/** A "Show password" box that turns every password input of `form` into text and back. */
export function showPasswordToggle(form, id) {
  const box = form.querySelector(`#${id}`);
  box.addEventListener("change", () => {
    for (const input of form.querySelectorAll('input[autocomplete$="password"]')) {
      input.type = box.checked ? "text" : "password";
    }
  });
}

/** Shows what went wrong in `form`'s alert (`.form-alert`); `null` hides it. */
export function showFormAlert(form, error) {
  const alert = form.querySelector(".form-alert");
  alert.hidden = error === null;
  setMessage(alert, error === null ? {} : describe(error));
}

/** Puts a server error about one of `form`'s fields under that field and focuses it; false for any other error. */
export function showServerFieldProblem(form, prefix, error) {
  if (!(error instanceof ApiError && error.field && form.elements[error.field])) return false;
  showFieldProblems(form, prefix, [{ field: error.field, ...describe(error) }]);
  form.elements[error.field].focus();
  return true;
}
