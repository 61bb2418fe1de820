// The favorite toggle of one wish (W6), the same on cards and in detail. It
// reads the wish from the store and changes it through the service, so every
// star of the same wish on screen flips together (W15).

import { icon } from "../icons.js";
import { i18n } from "../i18n.js";
import { store } from "../store.js";
import { WISH, wishService } from "../wish-service.js";
import { showToast } from "./toast-message.js";

/** A star button with aria-pressed for the wish in its `wish-id` attribute. */
export class StarButton extends HTMLElement {
  #unsubscribe = null;
  #onLanguageChange = () => this.#update();

  static observedAttributes = ["wish-id"];

  get wishId() {
    return this.getAttribute("wish-id");
  }

  attributeChangedCallback() {
    if (this.isConnected && this.firstChild) this.#update();
  }

  connectedCallback() {
    if (!this.firstChild) {
      this.innerHTML = `<button type="button" class="star-button" aria-pressed="false">${icon("favorites")}</button>`;
      this.querySelector("button").addEventListener("click", () => this.#toggle());
    }
    this.#unsubscribe = store.subscribe(({ kind, ids }) => {
      if (kind === WISH && ids.includes(this.wishId)) this.#update();
    });
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#update();
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
    i18n.removeEventListener("change", this.#onLanguageChange);
  }

  #update() {
    const wish = store.get(WISH, this.wishId);
    if (!wish) return;
    const button = this.querySelector("button");
    button.setAttribute("aria-pressed", String(wish.favorite));
    // The name stays the same whichever way it is pressed; aria-pressed says the state.
    button.setAttribute("aria-label", i18n.t("wish.favorite", { name: wish.name }));
    button.title = i18n.t(wish.favorite ? "wish.unstar" : "wish.star");
  }

  async #toggle() {
    const wish = store.get(WISH, this.wishId);
    if (!wish) return;
    try {
      await wishService.setFavorite(wish.id, !wish.favorite);
    } catch {
      showToast("wish.favoriteFailed");
    }
  }
}

customElements.define("wl-star-button", StarButton);
