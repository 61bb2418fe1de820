// One work or artist of the K-culture spots (K1, K8): its title, the other names people know it
// by, and how many spots it has; it opens the work's spots. Drawn from the store.

import { SPOT_TITLE } from "../common/record-kinds.js";
import { i18n, t } from "../shell/i18n.js";
import { store } from "../common/store.js";

/** The card of the SPOT_TITLE record in its `record-id` attribute (a card of wl-record-grid). */
export class SpotTitleCard extends HTMLElement {
  #onLanguageChange = () => this.#update();

  connectedCallback() {
    if (!this.firstChild) {
      this.innerHTML = `
        <article class="spot-title-card">
          <a class="spot-title-link">
            <h3 class="spot-title-name"></h3>
            <p class="spot-title-aliases"></p>
            <p class="spot-title-count"></p>
          </a>
        </article>`;
    }
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#update();
  }

  disconnectedCallback() {
    i18n.removeEventListener("change", this.#onLanguageChange);
  }

  #update() {
    const record = store.get(SPOT_TITLE, this.getAttribute("record-id"));
    if (!record) return;
    this.querySelector("a").href = spotTitleHref(record.type, record.title);
    this.querySelector(".spot-title-name").textContent = record.title;
    const aliases = this.querySelector(".spot-title-aliases");
    aliases.textContent = record.aliases.join(" · ");
    aliases.hidden = record.aliases.length === 0;
    this.querySelector(".spot-title-count").textContent = record.spotCount === 1 ? t("spots.countOne") : t("spots.count", { count: record.spotCount });
  }
}

/** The address of a work's or artist's spots. */
export function spotTitleHref(type, title) {
  return `#/discover/spots/${encodeURIComponent(type)}/${encodeURIComponent(title)}`;
}

customElements.define("wl-spot-title-card", SpotTitleCard);
