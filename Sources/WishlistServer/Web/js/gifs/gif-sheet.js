// A GIF's detail sheet (G5): the GIF within 160×160 with its aspect kept, its title and rating,
// the favorite star (G6, G9: the grids behind follow the store at once), Share (the Web Share
// API with the GIF's Giphy address and title, else the address copied, with a confirmation),
// Save as wish (G10), and Giphy's attribution as its terms ask. A native <dialog>: focus is kept
// inside, Escape, Back and the backdrop close it, and Forward reopens it (overlay-history.js). People who prefer reduced motion see a still frame
// and a Play button.

import { GIF } from "../common/record-kinds.js";
import { bindActions } from "../common/actions.js";
import { gifService, gifTitle } from "./gif-service.js";
import { i18n } from "../shell/i18n.js";
import { icon } from "../common/icons.js";
import { reducedMotion } from "../shell/motion.js";
import { showOverlay } from "../common/overlay-history.js";
import { store } from "../common/store.js";
import "./gif-star-button.js";
import { uniqueId } from "../common/unique-id.js";

/** The GIF is drawn within a square of this many CSS pixels. */
const FRAME = 160;

/** `GifSheet.open(id)` shows the sheet of the GIF record `id` until it is closed. */
export class GifSheet extends HTMLElement {
  #playing = !reducedMotion.matches;

  static open(id) {
    const sheet = document.createElement("wl-gif-sheet");
    sheet.setAttribute("record-id", id);
    document.body.append(sheet);
  }

  get #gif() {
    return store.get(GIF, this.getAttribute("record-id"));
  }

  connectedCallback() {
    const gif = this.#gif;
    if (!gif) return this.remove();
    const id = uniqueId("gif-sheet");
    this.innerHTML = `
      <dialog class="dialog gif-sheet" aria-labelledby="${id}-title">
        <div class="gif-sheet-head">
          <h2 class="dialog-title gif-sheet-title" id="${id}-title"></h2>
          <wl-gif-star-button></wl-gif-star-button>
          <button type="button" class="icon-button" data-action="close" data-i18n-attr="aria-label:gifs.close;title:gifs.close">
            ${icon("close")}
          </button>
        </div>
        <div class="gif-sheet-frame"><img class="gif-sheet-image" alt=""></div>
        <button type="button" class="button button-secondary gif-sheet-play" data-action="play" aria-pressed="false" hidden></button>
        <p class="gif-sheet-rating"></p>
        <div class="gif-sheet-actions">
          <button type="button" class="button button-secondary" data-action="share">${icon("share")}<span data-i18n="gifs.share"></span></button>
          <button type="button" class="button button-primary" data-action="wish"><span data-i18n="gifs.saveAsWish"></span></button>
        </div>
        <p class="gif-sheet-warning" role="alert"></p>
        <p class="gif-sheet-status" role="status"></p>
        <p class="gif-sheet-credit">
          <a class="gif-sheet-giphy" target="_blank" rel="noopener noreferrer"><span data-i18n="gifs.viewOnGiphy"></span>${icon("external", "icon icon-small")}</a>
          <span class="gif-sheet-powered" data-i18n="gifs.poweredBy"></span>
        </p>
      </dialog>`;
    this.querySelector("wl-gif-star-button").setAttribute("record-id", gif.id);
    this.querySelector(".gif-sheet-title").textContent = gifTitle(gif);
    this.querySelector(".gif-sheet-giphy").href = gif.url;
    this.querySelector(".gif-sheet-rating").textContent = gif.rating
      ? i18n.t("gifs.rating", { rating: gif.rating.toUpperCase() })
      : i18n.t("gifs.notRated");
    i18n.localize(this);
    this.#showImage();

    const dialog = this.querySelector("dialog");
    // A click on the backdrop lands on the dialog itself, outside its box.
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
    bindActions(this, {
      close: () => dialog.close(),
      play: () => {
        this.#playing = !this.#playing;
        this.#showImage();
      },
      share: () => this.#share(),
      wish: (button) => this.#saveAsWish(button),
    });
    this.addEventListener("favorites-full", () => this.#warn("gifs.favoritesFull"));
    showOverlay(dialog, { reopen: () => GifSheet.open(gif.id) }).then(() => this.remove());
  }

  /** The animation, or a still until Play for people who prefer reduced motion, within the frame. */
  #showImage() {
    const gif = this.#gif;
    const rendition = this.#playing ? gif.images.preview : gif.images.still;
    const scale = Math.min(FRAME / rendition.width, FRAME / rendition.height);
    const image = this.querySelector("img");
    image.width = Math.round(rendition.width * scale);
    image.height = Math.round(rendition.height * scale);
    image.alt = gifTitle(gif);
    image.src = rendition.url;
    const play = this.querySelector('[data-action="play"]');
    play.hidden = !reducedMotion.matches;
    play.setAttribute("aria-pressed", String(this.#playing));
    play.innerHTML = `${icon(this.#playing ? "pause" : "play")}<span data-i18n="${this.#playing ? "gifs.pause" : "gifs.play"}"></span>`;
    i18n.localize(play);
  }

  /** Shares the GIF's Giphy address and title where the system can, else copies the address. */
  async #share() {
    const gif = this.#gif;
    const data = { title: gifTitle(gif), url: gif.url };
    if (navigator.share && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(gif.url);
      this.#say("gifs.linkCopied");
    } catch {
      this.#say("gifs.copyFailed", { url: gif.url });
    }
  }

  async #saveAsWish(button) {
    if (button.getAttribute("aria-busy") === "true") return;
    button.setAttribute("aria-busy", "true");
    this.#say("gifs.saving");
    try {
      const wish = await gifService.saveAsWish(this.#gif.id);
      this.#say("gifs.saved");
      const open = document.createElement("a");
      open.className = "gif-sheet-open-wish";
      open.href = `#/wishes/${encodeURIComponent(wish.id)}`;
      open.textContent = i18n.t("gifs.openWish");
      this.querySelector(".gif-sheet-status").append(" ", open);
    } catch (error) {
      this.#say(error?.status === 429 ? "gifs.saveRateLimited" : "gifs.saveFailed", { seconds: error?.retryAfter ?? "" });
    } finally {
      button.removeAttribute("aria-busy");
    }
  }

  /** Puts the catalog message `key` in the status line (read out politely). */
  #say(key, params = {}) {
    this.querySelector(".gif-sheet-status").textContent = i18n.t(key, params);
  }

  /** Puts the catalog message `key` in the warning line (read out at once). */
  #warn(key) {
    this.querySelector(".gif-sheet-warning").textContent = i18n.t(key);
  }
}

customElements.define("wl-gif-sheet", GifSheet);
