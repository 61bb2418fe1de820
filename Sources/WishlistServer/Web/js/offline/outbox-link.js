// How many changes wait for the server, above a list: a link to the outbox screen, shown only
// while something waits (the offline banner says the same count; this is where to act on it).

import { i18n } from "../shell/i18n.js";
import { outbox } from "./outbox.js";

/** `<wl-outbox-link>`: "3 changes waiting to send", or nothing. */
export class OutboxLink extends HTMLElement {
  #onChange = () => this.#update();

  connectedCallback() {
    outbox.addEventListener("change", this.#onChange);
    i18n.addEventListener("change", this.#onChange);
    this.#update();
  }

  disconnectedCallback() {
    outbox.removeEventListener("change", this.#onChange);
    i18n.removeEventListener("change", this.#onChange);
  }

  #update() {
    const { count } = outbox;
    this.hidden = count === 0;
    if (count === 0) {
      this.replaceChildren();
      return;
    }
    const held = outbox.writes.some((write) => write.state !== "pending");
    const link = this.querySelector("a") ?? document.createElement("a");
    link.className = `outbox-link${held ? " is-held" : ""}`;
    link.href = "#/outbox";
    link.textContent = i18n.t(held ? "outbox.linkHeld" : "outbox.link", { count });
    if (!link.isConnected) this.append(link);
  }
}

customElements.define("wl-outbox-link", OutboxLink);
