// What a link in an editor leads to (X4): the page's image, title, price and site under the
// link field, loaded a moment after typing stops (at once on paste), with one button that
// offers to fill the form from it. The editor decides what "fill" means and whether there is
// anything left to fill (`fillable`); this element never touches the form.

import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { isWebLink, linkService } from "./link-service.js";
import { describe, setMessage } from "../common/messages.js";
import { formatPrice } from "./price-format.js";

const TYPING_PAUSE_MS = 500;

/** `url`: the link to preview; fires "previewchange" when `preview` changes and "fill" on the button. */
export class LinkPreview extends HTMLElement {
  #url = null;
  #preview = null;
  #timer = null;
  #abort = null;

  connectedCallback() {
    if (this.firstChild) return;
    this.hidden = true;
    this.setAttribute("role", "region");
    this.dataset.i18nAttr = "aria-label:linkPreview.label";
    this.innerHTML = `
      <div class="link-preview" aria-live="polite">
        <div class="link-preview-card">
          <img class="link-preview-image" alt="" hidden>
          <div class="link-preview-text">
            <p class="link-preview-site"><img class="link-favicon" alt="" hidden><span></span></p>
            <p class="link-preview-title"></p>
            <p class="link-preview-price" hidden></p>
          </div>
        </div>
        <p class="link-preview-message"></p>
        <button type="button" class="button button-secondary link-preview-fill" data-action="fill"
          aria-describedby="link-preview-hint" hidden>${icon("plus")}<span data-i18n="linkPreview.fill"></span></button>
        <p class="field-hint" id="link-preview-hint" data-i18n="linkPreview.fillHint" hidden></p>
      </div>`;
    this.querySelector('[data-action="fill"]').addEventListener("click", () => this.dispatchEvent(new Event("fill")));
    i18n.localize(this);
  }

  disconnectedCallback() {
    clearTimeout(this.#timer);
    this.#abort?.abort();
  }

  /** The loaded preview, or null. */
  get preview() {
    return this.#preview;
  }

  /** Previews `text` after a pause in typing, or at once with `immediate` (a paste); anything else clears. */
  setURL(text, { immediate = false } = {}) {
    const url = isWebLink(text ?? "") ? text.trim() : null;
    if (url === this.#url) return;
    this.#url = url;
    clearTimeout(this.#timer);
    this.#abort?.abort();
    if (!url) {
      this.#show(null);
      return;
    }
    this.#timer = setTimeout(() => this.#load(url), immediate ? 0 : TYPING_PAUSE_MS);
  }

  /** Whether the offer to fill shows: the editor says so once it knows what is empty. */
  set fillable(fillable) {
    const show = Boolean(fillable) && this.#preview !== null;
    this.querySelector('[data-action="fill"]').hidden = !show;
    this.querySelector("#link-preview-hint").hidden = !show;
  }

  /** Marks the fill button busy while the editor fills (fetching the image takes a moment). */
  set busy(busy) {
    this.querySelector('[data-action="fill"]').toggleAttribute("aria-busy", busy);
  }

  /** Says something under the preview (`null` clears): the fill's trouble, say. */
  say(message) {
    const line = this.querySelector(".link-preview-message");
    line.hidden = message === null;
    setMessage(line, message ?? {});
  }

  async #load(url) {
    const abort = new AbortController();
    this.#abort = abort;
    this.hidden = false;
    this.querySelector(".link-preview").setAttribute("aria-busy", "true");
    this.querySelector(".link-preview-card").hidden = true;
    this.say({ key: "linkPreview.loading" });
    try {
      const preview = await linkService.preview(url, { signal: abort.signal });
      if (!abort.signal.aborted) this.#show(preview);
    } catch (error) {
      if (abort.signal.aborted) return;
      this.#show(null, { keepOpen: true });
      const reason = describe(error);
      this.say(reason.key === "error.generic" ? { key: "linkPreview.failed" } : reason);
    } finally {
      if (this.#abort === abort) this.querySelector(".link-preview").removeAttribute("aria-busy");
    }
  }

  #show(preview, { keepOpen = false } = {}) {
    this.#preview = preview;
    this.hidden = !preview && !keepOpen;
    this.querySelector(".link-preview-card").hidden = !preview;
    this.say(null);
    if (preview) {
      showImage(this.querySelector(".link-preview-image"), preview.image);
      showImage(this.querySelector(".link-favicon"), preview.favicon);
      this.querySelector(".link-preview-site span").textContent = preview.siteName ?? new URL(preview.url).hostname;
      this.querySelector(".link-preview-title").textContent = preview.title ?? "";
      const price = this.querySelector(".link-preview-price");
      price.hidden = !preview.price;
      price.textContent = preview.price ? formatPrice(preview.price) : "";
    }
    this.fillable = false;
    this.dispatchEvent(new Event("previewchange"));
  }
}

/**
 * Shows `url` in `image` once it loads; hidden until then, and for good when it fails: a page's
 * image may be gone, and then the words are enough. Only https images are asked for, the only
 * ones from elsewhere the app's content security policy lets in.
 */
export function showImage(image, url) {
  image.hidden = true;
  image.onload = () => {
    image.hidden = false;
  };
  image.onerror = () => {
    image.hidden = true;
  };
  if (url?.startsWith("https://")) image.src = url;
  else image.removeAttribute("src");
}

customElements.define("wl-link-preview", LinkPreview);
