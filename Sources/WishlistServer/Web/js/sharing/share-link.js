// A share's link, ready to hand on: the address to copy, the system's share sheet where there is
// one (`navigator.share`, phones), and a QR code to scan from another phone in person.

import { i18n } from "../shell/i18n.js";
import { setMessage } from "../common/messages.js";
import { uniqueId } from "../common/unique-id.js";
import { qrSVG } from "./qr-code.js";

/** `<wl-share-link>`: set `share` (a Share) to show its link. */
export class ShareLink extends HTMLElement {
  #share = null;

  set share(share) {
    this.#share = share;
    this.#render();
  }

  #render() {
    const id = uniqueId("share-link");
    this.innerHTML = `
      <div class="share-link-row">
        <label class="visually-hidden" for="${id}" data-i18n="sharing.link.label"></label>
        <input class="input share-link-address" id="${id}" readonly spellcheck="false">
        <button type="button" class="button button-secondary" data-action="copy" data-i18n="sharing.link.copy"></button>
        <button type="button" class="button button-primary" data-action="share" data-i18n="sharing.link.share" hidden></button>
      </div>
      <p class="visually-hidden" role="status"></p>
      <figure class="share-qr">
        <div class="share-qr-code"></div>
        <figcaption class="field-hint" data-i18n="sharing.link.qrCaption"></figcaption>
      </figure>`;
    i18n.localize(this);
    const { url, title } = this.#share;
    this.querySelector(".share-link-address").value = url;
    this.querySelector(".share-qr-code").append(qrSVG(url, { label: i18n.t("sharing.link.qrLabel", { title }) }));
    const share = this.querySelector('[data-action="share"]');
    share.hidden = typeof navigator.share !== "function";
    share.addEventListener("click", () => this.#handOn());
    this.querySelector('[data-action="copy"]').addEventListener("click", () => this.#copy());
  }

  async #copy() {
    const input = this.querySelector(".share-link-address");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      setMessage(this.querySelector('[role="status"]'), { key: "sharing.link.copied" });
    } catch {
      // No clipboard (an insecure origin): the address stays selected for the person to copy.
    }
  }

  async #handOn() {
    try {
      await navigator.share({ title: this.#share.title, url: this.#share.url });
    } catch {
      // Closed without sharing, or refused: nothing to say.
    }
  }
}

customElements.define("wl-share-link", ShareLink);
