// "Share" on the Wishes tab: a sheet that makes a link to every wish or to one tag's, with the
// share's title, what it shows, reservations and an end, then hands the link on (copy, the system
// share sheet, a QR code). The links made are managed in Settings › Shared links.

import { icon } from "../common/icons.js";
import { describe, setMessage } from "../common/messages.js";
import { showOverlay } from "../common/overlay-history.js";
import { uniqueId } from "../common/unique-id.js";
import { i18n } from "../shell/i18n.js";
import { NEW_SHARE, fillShareFields, readShareFields, shareFieldsMarkup } from "./share-fields.js";
import { shareService } from "./share-service.js";
import "./share-link.js";

/**
 * The sheet; `ShareSheet.open()` shows it (`{tag}`: set to share that tag's wishes), and resolves
 * when it is closed.
 */
export class ShareSheet extends HTMLElement {
  static open({ tag } = {}) {
    const sheet = document.createElement("wl-share-sheet");
    document.body.append(sheet);
    return sheet.#open(tag);
  }

  #open(tag) {
    const id = uniqueId("share-sheet");
    this.innerHTML = `
      <dialog class="dialog share-sheet" aria-labelledby="${id}-title">
        <form class="form share-sheet-form">
          <h2 class="dialog-title" id="${id}-title" data-i18n="sharing.sheet.title"></h2>
          <div class="field">
            <label class="field-label" for="${id}-what" data-i18n="sharing.field.what"></label>
            <select class="input" id="${id}-what" name="what">
              <option value="" data-i18n="sharing.field.allWishes"></option>
            </select>
          </div>
          ${shareFieldsMarkup(id)}
          <p class="field-error" role="alert" hidden></p>
          <div class="dialog-actions">
            <button type="button" class="button button-secondary" data-action="close" data-i18n="dialog.cancel"></button>
            <button type="submit" class="button button-primary" data-i18n="sharing.sheet.make"></button>
          </div>
        </form>
        <div class="share-sheet-made" hidden>
          <h2 class="dialog-title" data-i18n="sharing.sheet.made"></h2>
          <wl-share-link></wl-share-link>
          <p class="field-hint"><a href="#/settings/shares" data-i18n="sharing.sheet.manage"></a></p>
          <div class="dialog-actions">
            <button type="button" class="button button-primary" data-action="close" data-i18n="sharing.sheet.done"></button>
          </div>
        </div>
      </dialog>`;
    i18n.localize(this);
    const form = this.querySelector("form");
    fillShareFields(form, { ...NEW_SHARE, title: i18n.t("sharing.sheet.defaultTitle") });
    form.elements.what.addEventListener("change", () => {
      const chosen = form.elements.what.value;
      form.elements.title.value = chosen ? chosen : i18n.t("sharing.sheet.defaultTitle");
    });
    if (tag) this.#choose(form, tag);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#make(form);
    });
    const dialog = this.querySelector("dialog");
    dialog.addEventListener("click", (event) => {
      if (event.target.closest('[data-action="close"]')) dialog.close();
    });
    this.#loadTags(form.elements.what);
    return showOverlay(dialog).then(() => this.remove());
  }

  /** Sets the sheet to share `tag`'s wishes, titled after it. */
  #choose(form, tag) {
    this.#addOption(form.elements.what, tag);
    form.elements.what.value = tag;
    form.elements.title.value = tag;
  }

  #addOption(select, tag) {
    if ([...select.options].some((option) => option.value === tag)) return;
    const option = document.createElement("option");
    option.value = tag;
    option.textContent = i18n.t("sharing.field.tagOption", { tag });
    select.append(option);
  }

  /** Offers every tag of the account (one the sheet was opened for is offered already). */
  async #loadTags(select) {
    try {
      for (const tag of await shareService.tags()) this.#addOption(select, tag);
    } catch {
      // Without the tags the sheet still shares every wish, or the tag it was opened for.
    }
  }

  async #make(form) {
    const submit = form.querySelector('[type="submit"]');
    const problem = form.querySelector(".field-error");
    problem.hidden = true;
    submit.setAttribute("aria-busy", "true");
    submit.disabled = true;
    try {
      const tag = form.elements.what.value;
      const share = await shareService.create({ ...readShareFields(form), ...(tag ? { tag } : {}) });
      form.hidden = true;
      const made = this.querySelector(".share-sheet-made");
      made.hidden = false;
      made.querySelector("wl-share-link").share = share;
      made.querySelector('[data-action="close"]').focus();
    } catch (error) {
      setMessage(problem, describe(error));
      problem.hidden = false;
    } finally {
      submit.removeAttribute("aria-busy");
      submit.disabled = false;
    }
  }
}

/** The Wishes tab's "Share" button, which opens the sheet. */
export function shareButton() {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button button-secondary share-open";
  button.dataset.i18nAttr = "aria-label:sharing.sheet.openLabel";
  button.innerHTML = `${icon("share")}<span data-i18n="sharing.sheet.open"></span>`;
  button.addEventListener("click", () => ShareSheet.open());
  return button;
}

customElements.define("wl-share-sheet", ShareSheet);
