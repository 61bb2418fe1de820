// One wish in a grid: cover, name, tag chips, the star, and "Waiting to send" while offline changes wait. It draws itself from
// the store and updates in place when that wish changes (W15), so keyboard
// focus on its star survives a toggle.

import { WISH } from "../common/record-kinds.js";
import { store } from "../common/store.js";
import "../offline/outbox-badge.js";
import "./star-button.js";
import "./wish-cover.js";

/** The card of the wish in its `record-id` attribute (a card of wl-record-grid). */
export class WishCard extends HTMLElement {
  #unsubscribe = null;
  #note = null;

  /** A short line under the name, such as the distance on "Near me"; null for none. */
  set note(text) {
    this.#note = text;
    this.#showNote();
  }

  get wishId() {
    return this.getAttribute("record-id");
  }

  connectedCallback() {
    if (!this.firstChild) {
      const id = encodeURIComponent(this.wishId);
      this.innerHTML = `
        <article class="wish-card">
          <a class="wish-card-link" href="#/wishes/${id}">
            <wl-wish-cover class="wish-cover"></wl-wish-cover>
            <h3 class="wish-card-name"></h3>
            <p class="wish-card-note" hidden></p>
          </a>
          <ul class="tag-list wish-card-tags"></ul>
          <wl-outbox-badge class="card-outbox-badge"></wl-outbox-badge>
          <wl-star-button class="wish-card-star"></wl-star-button>
        </article>`;
      this.querySelector("wl-star-button").setAttribute("record-id", this.wishId);
      this.querySelector("wl-outbox-badge").setAttribute("record-id", this.wishId);
    }
    this.#showNote();
    this.#unsubscribe = store.subscribe(({ kind, ids }) => {
      if (kind === WISH && ids.includes(this.wishId)) this.#update();
    });
    this.#update();
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
  }

  #showNote() {
    const note = this.querySelector(".wish-card-note");
    if (!note) return;
    note.hidden = !this.#note;
    note.textContent = this.#note ?? "";
  }

  #update() {
    const wish = store.get(WISH, this.wishId);
    if (!wish) return;
    this.querySelector("wl-wish-cover").wish = wish;
    this.querySelector(".wish-card-name").textContent = wish.name;
    renderTags(this.querySelector(".wish-card-tags"), wish.tags);
  }
}

/** Fills a tag list with one chip per tag, sized to its text (W13). */
export function renderTags(list, tags) {
  list.hidden = tags.length === 0;
  list.replaceChildren(
    ...tags.map((tag) => {
      const item = document.createElement("li");
      item.className = "tag-chip";
      item.textContent = tag;
      return item;
    }),
  );
}

customElements.define("wl-wish-card", WishCard);
