// One GIF in a grid (G4, G7): a square cell with the GIF inside it, its aspect kept, on a grey
// placeholder until the picture has loaded. The grid shows Giphy's small animated rendition,
// never the original, and a still frame to people who prefer reduced motion (the detail sheet
// plays it). Tapping it opens the detail sheet. Drawn from the store, so a star shows at once.

import { GIF } from "../common/record-kinds.js";
import { gifTitle } from "./gif-service.js";
import { i18n } from "../shell/i18n.js";
import { icon } from "../common/icons.js";
import { reducedMotion } from "../shell/motion.js";
import { store } from "../common/store.js";
import { GifSheet } from "./gif-sheet.js";

/** The card of the GIF record in its `record-id` attribute (a card of wl-record-grid). */
export class GifCard extends HTMLElement {
  /** Skeletons of plain squares while a page loads. */
  static skeleton = "tile";

  #unsubscribe = null;
  #onChange = () => this.#update();

  get gifId() {
    return this.getAttribute("record-id");
  }

  connectedCallback() {
    if (!this.firstChild) {
      this.innerHTML = `
        <button type="button" class="gif-cell" aria-haspopup="dialog">
          <img class="gif-cell-image" alt="" decoding="async" loading="lazy">
          <span class="gif-cell-star" hidden>${icon("favorites", "icon icon-small")}</span>
        </button>`;
      const image = this.querySelector("img");
      image.addEventListener("load", () => this.querySelector(".gif-cell").classList.add("is-loaded"));
      this.querySelector("button").addEventListener("click", () => GifSheet.open(this.gifId));
    }
    this.#unsubscribe = store.subscribe(({ kind, ids }) => {
      if (kind === GIF && ids.includes(this.gifId)) this.#update();
    });
    reducedMotion.addEventListener("change", this.#onChange);
    i18n.addEventListener("change", this.#onChange);
    this.#update();
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
    reducedMotion.removeEventListener("change", this.#onChange);
    i18n.removeEventListener("change", this.#onChange);
  }

  #update() {
    const gif = store.get(GIF, this.gifId);
    if (!gif) return;
    const rendition = reducedMotion.matches ? gif.images.still : gif.images.preview;
    const image = this.querySelector("img");
    if (image.getAttribute("src") !== rendition.url) {
      this.querySelector(".gif-cell").classList.remove("is-loaded");
      image.width = rendition.width;
      image.height = rendition.height;
      image.src = rendition.url;
    }
    const name = gifTitle(gif);
    this.querySelector("button").setAttribute("aria-label", gif.favorite ? i18n.t("gifs.favoriteCell", { name }) : name);
    this.querySelector(".gif-cell-star").hidden = !gif.favorite;
  }
}

customElements.define("wl-gif-card", GifCard);
