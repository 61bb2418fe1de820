// A record changed somewhere else while the person edited it (a 409 on Save, or a change queued
// offline that meets a newer one): both versions side by side, field by field, for the fields
// that differ, each a choice between "Yours" and "Saved elsewhere". Keep mine saves all of the
// person's, Take the other version takes the saved one, Save my choices saves the mix. The panel
// comes into view and takes focus when it appears, so it is never missed below the fold. It
// knows nothing of wishes or entries: the editor gives it the fields and acts on the answer.

import { bindActions } from "./actions.js";
import { i18n } from "../shell/i18n.js";
import { uniqueId } from "./unique-id.js";

/**
 * `<wl-conflict-panel>`. `show(fields)` with `[{name, labelKey, mine, theirs, text(value)}]` (the
 * differing fields; `text` turns a value into words) shows it; a choice fires "resolve" with
 * `{values: {name: value chosen}, save}`: `save` is false when the other version was taken as it is.
 */
export class ConflictPanel extends HTMLElement {
  #fields = [];
  #id = uniqueId("conflict");

  connectedCallback() {
    this.hidden = true;
  }

  show(fields) {
    this.#fields = fields;
    const id = this.#id;
    this.innerHTML = `
      <section class="conflict-panel" aria-labelledby="${id}-title" aria-describedby="${id}-body">
        <h2 class="conflict-title" id="${id}-title" tabindex="-1" data-i18n="conflict.title"></h2>
        <p class="conflict-body" id="${id}-body" data-i18n="conflict.body"></p>
        ${fields
          .map(
            (field, index) => `
          <fieldset class="conflict-field">
            <legend class="conflict-label" data-i18n="${field.labelKey}"></legend>
            ${["mine", "theirs"]
              .map(
                (side) => `
              <label class="conflict-choice">
                <input type="radio" name="${id}-${index}" value="${side}" ${side === "mine" ? "checked" : ""}>
                <span class="conflict-version" data-i18n="${side === "mine" ? "conflict.yours" : "conflict.theirs"}"></span>
                <span class="conflict-value" data-side="${side}"></span>
              </label>`,
              )
              .join("")}
          </fieldset>`,
          )
          .join("")}
        <div class="conflict-actions">
          <button type="button" class="button button-secondary" data-action="take-theirs" data-i18n="conflict.takeTheirs"></button>
          <button type="button" class="button button-secondary" data-action="keep-mine" data-i18n="conflict.keepMine"></button>
          <button type="button" class="button button-primary" data-action="save-choices" data-i18n="conflict.saveChoices"></button>
        </div>
      </section>`;
    fields.forEach((field, index) => {
      const set = this.querySelectorAll("fieldset")[index];
      for (const side of ["mine", "theirs"]) {
        const words = field.text(field[side]);
        const value = set.querySelector(`[data-side="${side}"]`);
        value.textContent = words || i18n.t("conflict.empty");
        value.classList.toggle("is-empty", !words);
      }
    });
    i18n.localize(this);
    bindActions(this, {
      "keep-mine": () => this.#resolve(() => "mine", true),
      "take-theirs": () => this.#resolve(() => "theirs", false),
      "save-choices": () => this.#resolve((index) => this.querySelector(`input[name="${this.#id}-${index}"]:checked`).value, true),
    });
    this.hidden = false;
    this.scrollIntoView({ block: "start", behavior: "instant" });
    this.querySelector(".conflict-title").focus({ preventScroll: true });
  }

  hide() {
    this.hidden = true;
    this.replaceChildren();
  }

  #resolve(sideOf, save) {
    const values = Object.fromEntries(this.#fields.map((field, index) => [field.name, field[sideOf(index)]]));
    this.hide();
    this.dispatchEvent(new CustomEvent("resolve", { detail: { values, save } }));
  }
}

customElements.define("wl-conflict-panel", ConflictPanel);
