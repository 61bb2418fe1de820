// "Updated — reload": a new version of the app was installed by the service worker and waits.
// Quiet (a line under the top bar, no dialog), and never while an editor holds unsaved changes:
// it goes as soon as one is typed, and shows once the person has saved or left, at the next screen.

import { i18n } from "../shell/i18n.js";
import { icon } from "../common/icons.js";
import { RecordEditorView } from "../common/record-editor-view.js";
import { offlineStatus } from "./offline-status.js";

export class UpdatePrompt extends HTMLElement {
  #onChange = () => this.#render();
  // After the router's own listener has put the next screen in place (and taken an editor away).
  #onRoute = () => setTimeout(this.#onChange);

  connectedCallback() {
    this.innerHTML = `
      <div class="update-prompt" role="status">
        ${icon("refresh", "icon icon-small")}
        <p class="update-prompt-text" data-i18n="offline.update.text"></p>
        <button type="button" class="button button-quiet update-prompt-reload" data-i18n="offline.update.reload"></button>
      </div>`;
    i18n.localize(this);
    this.querySelector("button").addEventListener("click", () => {
      this.querySelector("button").setAttribute("aria-busy", "true");
      offlineStatus.takeOver();
    });
    offlineStatus.addEventListener("change", this.#onChange);
    window.addEventListener("hashchange", this.#onRoute);
    // Typing into an editor (whose draft is kept on the way up) hides the prompt at once.
    document.addEventListener("input", this.#onChange);
    this.#render();
  }

  disconnectedCallback() {
    offlineStatus.removeEventListener("change", this.#onChange);
    window.removeEventListener("hashchange", this.#onRoute);
    document.removeEventListener("input", this.#onChange);
  }

  #render() {
    this.hidden = !offlineStatus.waiting || RecordEditorView.editing;
  }
}

customElements.define("wl-update-prompt", UpdatePrompt);
