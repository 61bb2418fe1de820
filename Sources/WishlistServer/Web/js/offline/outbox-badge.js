// The note on a card whose record has changes waiting in the outbox: "Waiting to send" while they
// wait, "Needs you" (a link to the outbox screen) once one was held for the person to settle.
// It follows the outbox, so it goes away by itself once everything was sent.

import { i18n } from "../shell/i18n.js";
import { icon } from "../common/icons.js";
import { outbox } from "./outbox.js";

/** `<wl-outbox-badge record-id="…">`: hidden while the record has nothing waiting. */
export class OutboxBadge extends HTMLElement {
  static observedAttributes = ["record-id"];
  #onChange = () => this.#update();

  attributeChangedCallback() {
    if (this.isConnected) this.#update();
  }

  connectedCallback() {
    outbox.addEventListener("change", this.#onChange);
    this.#update();
  }

  disconnectedCallback() {
    outbox.removeEventListener("change", this.#onChange);
  }

  #update() {
    const state = outbox.stateOf(this.getAttribute("record-id"));
    this.hidden = state === null;
    if (this.dataset.state === (state ?? "")) return;
    this.dataset.state = state ?? "";
    if (state === null) {
      this.replaceChildren();
    } else if (state === "pending") {
      this.innerHTML = `<span class="outbox-badge">${icon("upload", "icon icon-small")}<span data-i18n="outbox.badge.pending"></span></span>`;
    } else {
      this.innerHTML = `<a class="outbox-badge is-held" href="#/outbox">${icon("alert", "icon icon-small")}<span data-i18n="outbox.badge.held"></span></a>`;
    }
    i18n.localize(this);
  }
}

customElements.define("wl-outbox-badge", OutboxBadge);
