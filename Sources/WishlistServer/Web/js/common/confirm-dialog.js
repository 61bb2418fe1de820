// A modal question with two answers, for actions that cannot be undone
// (deleting a wish). A native <dialog>: focus is trapped, Escape and Back cancel
// (overlay-history.js), and its heading gives it its accessible name.

import { i18n } from "../shell/i18n.js";
import { showOverlay } from "./overlay-history.js";
import { uniqueId } from "./unique-id.js";

/** `ConfirmDialog.ask({titleKey, bodyKey, confirmKey, args})` resolves true when confirmed, false otherwise. */
export class ConfirmDialog extends HTMLElement {
  static ask({ titleKey, bodyKey, confirmKey, args = {} }) {
    const element = document.createElement("wl-confirm-dialog");
    document.body.append(element);
    return element.#open(titleKey, bodyKey, confirmKey, args);
  }

  #open(titleKey, bodyKey, confirmKey, args) {
    const id = uniqueId("confirm");
    this.innerHTML = `
      <dialog class="dialog" aria-labelledby="${id}-title" aria-describedby="${id}-body">
        <form method="dialog" class="dialog-form">
          <h2 class="dialog-title" id="${id}-title" data-i18n="${titleKey}"></h2>
          <p class="dialog-body" id="${id}-body" data-i18n="${bodyKey}"></p>
          <div class="dialog-actions">
            <button type="submit" class="button button-secondary" value="cancel" data-i18n="dialog.cancel" autofocus></button>
            <button type="submit" class="button button-danger" value="confirm" data-i18n="${confirmKey}"></button>
          </div>
        </form>
      </dialog>`;
    const params = JSON.stringify(args);
    for (const element of this.querySelectorAll("[data-i18n]")) element.dataset.i18nArgs = params;
    i18n.localize(this);
    const dialog = this.querySelector("dialog");
    return showOverlay(dialog).then(() => {
      this.remove();
      return dialog.returnValue === "confirm";
    });
  }
}

customElements.define("wl-confirm-dialog", ConfirmDialog);
