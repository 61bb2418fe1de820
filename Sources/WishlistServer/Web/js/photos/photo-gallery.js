// A wish's photos in a horizontal strip that snaps from photo to photo (P1),
// with an "n / total" label that follows the photo on screen (P5). Tapping a
// photo opens the full-screen viewer there (P2); closing it comes back to the
// photo the viewer was on. An animated photo (a GIF saved as a wish, G10) plays
// in the strip, on its still until loaded, unless the person prefers reduced
// motion: then it stays still, and the viewer has Play.

import { i18n } from "../shell/i18n.js";
import { reducedMotion } from "../shell/motion.js";
import { showPhoto } from "./photo-service.js";
import { PhotoViewer } from "./photo-viewer.js";
import { icon } from "../common/icons.js";

/** The strip is the detail card's width: the whole screen on phones, the card's 720 px beyond. */
const SLIDE_SIZES = "(min-width: 900px) 720px, 100vw";

/** The gallery of the photos set in `photos` (Photo records, in order); hidden when there are none. */
export class PhotoGallery extends HTMLElement {
  #photos = [];
  #index = 0;
  #frame = 0;
  #onMotionChange = () => this.#showImages();

  set photos(photos) {
    const same =
      photos.length === this.#photos.length &&
      photos.every((photo, index) => photo.urls.large === this.#photos[index].urls.large);
    this.#photos = photos;
    this.hidden = photos.length === 0;
    if (same && this.firstChild) return; // A star or a name changed: keep the strip where it is.
    this.#index = Math.min(this.#index, Math.max(0, photos.length - 1));
    this.#build();
  }

  connectedCallback() {
    reducedMotion.addEventListener("change", this.#onMotionChange);
  }

  disconnectedCallback() {
    cancelAnimationFrame(this.#frame);
    reducedMotion.removeEventListener("change", this.#onMotionChange);
  }

  #build() {
    this.innerHTML = `
      <div class="photo-gallery">
        <ul class="photo-strip" data-i18n-attr="aria-label:photos.gallery"></ul>
        <button type="button" class="icon-button photo-gallery-step" data-step="-1"
          data-i18n-attr="aria-label:photos.previous;title:photos.previous">${icon("chevronLeft")}</button>
        <button type="button" class="icon-button photo-gallery-step" data-step="1"
          data-i18n-attr="aria-label:photos.next;title:photos.next">${icon("chevronRight")}</button>
        <p class="photo-gallery-count"></p>
      </div>`;
    const strip = this.querySelector(".photo-strip");
    strip.append(
      ...this.#photos.map((photo, index) => {
        const slide = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "photo-gallery-open";
        button.dataset.i18nAttr = "aria-label:photos.open";
        button.dataset.i18nArgs = JSON.stringify({ number: index + 1, total: this.#photos.length });
        const image = document.createElement("img");
        image.alt = "";
        image.decoding = "async";
        image.loading = index === 0 ? "eager" : "lazy";
        button.append(image);
        button.addEventListener("click", () => this.#open(index));
        slide.append(button);
        return slide;
      }),
    );
    strip.addEventListener("scroll", () => {
      cancelAnimationFrame(this.#frame);
      this.#frame = requestAnimationFrame(() => this.#follow());
    }, { passive: true });
    for (const step of this.querySelectorAll("[data-step]")) {
      step.addEventListener("click", () => this.#show(this.#index + Number(step.dataset.step)));
    }
    this.#showImages();
    i18n.localize(this);
    this.#show(this.#index, { instant: true });
  }

  #showImages() {
    this.querySelectorAll(".photo-gallery-open img").forEach((image, index) => {
      showPhoto(image, this.#photos[index], { sizes: SLIDE_SIZES, animate: !reducedMotion.matches });
    });
  }

  /** The photo mostly on screen becomes the current one. */
  #follow() {
    const strip = this.querySelector(".photo-strip");
    if (!strip || strip.clientWidth === 0) return;
    const index = Math.round(strip.scrollLeft / strip.clientWidth);
    this.#setIndex(Math.min(Math.max(index, 0), this.#photos.length - 1));
  }

  #show(index, { instant = false } = {}) {
    const target = Math.min(Math.max(index, 0), this.#photos.length - 1);
    const strip = this.querySelector(".photo-strip");
    strip.scrollTo({ left: target * strip.clientWidth, behavior: instant || reducedMotion.matches ? "instant" : "smooth" });
    this.#setIndex(target);
  }

  #setIndex(index) {
    this.#index = index;
    const total = this.#photos.length;
    const count = this.querySelector(".photo-gallery-count");
    count.hidden = total < 2;
    count.dataset.i18n = "photos.position";
    count.dataset.i18nArgs = JSON.stringify({ number: index + 1, total });
    i18n.localize(count);
    // Disabled rather than hidden at either end, so a focused button keeps its focus.
    const [previous, next] = this.querySelectorAll("[data-step]");
    previous.hidden = next.hidden = total < 2;
    previous.setAttribute("aria-disabled", String(index === 0));
    next.setAttribute("aria-disabled", String(index === total - 1));
  }

  async #open(index) {
    const last = await PhotoViewer.open(this.#photos, index);
    this.#show(last, { instant: true });
    this.querySelectorAll(".photo-gallery-open")[last]?.focus({ preventScroll: true });
  }
}

customElements.define("wl-photo-gallery", PhotoGallery);
