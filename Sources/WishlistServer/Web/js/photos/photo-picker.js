// The photos of a wish being added or edited (W2, W8): pick several at once
// (phones also offer the camera), see each at once with its upload progress,
// read a failed file's problem next to it, reorder by dragging or with the
// Move buttons, remove, and open the photo editor. The first photo is the cover.

import { PHOTO } from "../common/record-kinds.js";
import { ApiError, NetworkError } from "../common/api.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { MAX_PHOTOS, photoService } from "./photo-service.js";
import { store } from "../common/store.js";
import { PhotoEditor } from "./photo-editor.js";

/** Uploads at once: enough to keep the line busy, few enough for a phone and a 2-core server. */
const PARALLEL_UPLOADS = 2;
/** A touch must rest this long before it drags a photo, so a swipe over the photos still scrolls the page. */
const LONG_PRESS_MS = 350;
/** A mouse must move this far before a press becomes a drag (and not a click). */
const DRAG_THRESHOLD_PX = 6;
const KNOWN_PROBLEMS = new Set(["unsupported_image", "unreadable_image", "file_too_large", "too_many_pixels"]);

let nextKey = 0;

/**
 * The photo field. `photos` sets the wish's photos; `photoIds` reads the ones
 * to save, in order; `settled()` waits for uploads still running; `offerPlace`
 * says whether a photo's place may be offered, and choosing it fires
 * "placechosen" with the Place. After a save, `keep()` stops the fresh uploads
 * from being deleted when the field goes away. It fires "photoschange" whenever what it shows changes.
 */
export class PhotoPicker extends HTMLElement {
  /** `{key, photoId, file, preview, progress, error, upload, place}` in the order shown. */
  #items = [];
  #savedIds = new Set();
  #kept = false;
  #waiting = [];
  #place = null;
  #placeChosen = false;
  #drag = null;
  #unsubscribe = null;
  offerPlace = false;

  /** The most photos the record holds: the `max` attribute (a journal entry's 10), else a wish's. */
  get #max() {
    return Number(this.getAttribute("max")) || MAX_PHOTOS;
  }

  connectedCallback() {
    if (!this.firstChild) this.#build();
    this.#unsubscribe = store.subscribe(({ kind, ids }) => {
      if (kind === PHOTO && this.#items.some((item) => ids.includes(item.photoId))) this.#render();
    });
    this.#render();
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
    this.#cancelDrag();
    for (const item of this.#items) this.#forget(item, { deleteFresh: !this.#kept });
  }

  set photos(photos) {
    const ids = photoService.keep(photos);
    this.#savedIds = new Set(ids);
    this.#items = ids.map((photoId) => newItem({ photoId }));
    if (this.isConnected) this.#render();
  }

  get photoIds() {
    return this.#items.filter((item) => item.photoId).map((item) => item.photoId);
  }

  /** True while a file is still uploading. */
  get pending() {
    return this.#items.some((item) => item.upload);
  }

  /** Resolves once no upload is running (at once when none is). */
  settled() {
    if (!this.pending) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Adds a photo already on the server and on no record yet (a link's image); false when there is no room. */
  addPhoto(photo) {
    if (this.#items.length >= this.#max) return false;
    const [photoId] = photoService.keep([photo]);
    this.#items.push(newItem({ photoId }));
    this.#render();
    return true;
  }

  /** The wish was saved with these photos: they are the wish's now, not leftovers to clean up. */
  keep() {
    this.#kept = true;
  }

  #build() {
    this.innerHTML = `
      <div class="field photo-picker">
        <div class="photo-picker-head">
          <span class="field-label" id="photo-picker-label" data-i18n="photos.label"></span>
          <span class="photo-picker-count"></span>
        </div>
        <ol class="photo-tiles" aria-labelledby="photo-picker-label"></ol>
        <input class="visually-hidden" type="file" accept="image/*" multiple tabindex="-1" aria-hidden="true">
        <button type="button" class="button button-secondary photo-add" data-action="add"
          aria-describedby="photo-picker-hint">${icon("plus")}<span data-i18n="photos.add"></span></button>
        <p class="field-hint" id="photo-picker-hint"></p>
        <p class="field-error photo-picker-overflow" role="alert" hidden></p>
        <div class="photo-place-offer" hidden>
          ${icon("pin", "icon icon-small")}
          <p class="photo-place-text"></p>
          <button type="button" class="button button-quiet" data-action="use-place"></button>
        </div>
        <p class="visually-hidden" role="status" data-role="announce"></p>
      </div>`;
    const input = this.querySelector('input[type="file"]');
    this.querySelector('[data-action="add"]').addEventListener("click", () => {
      if (this.#items.length < this.#max) input.click();
    });
    input.addEventListener("change", () => {
      this.#add([...input.files]);
      input.value = "";
    });
    this.querySelector('[data-action="use-place"]').addEventListener("click", () => this.#usePlace());
    this.querySelector(".photo-tiles").addEventListener("click", (event) => this.#onTileClick(event));
    this.querySelector(".photo-tiles").addEventListener("pointerdown", (event) => this.#onPointerDown(event));
    i18n.localize(this);
  }

  #add(files) {
    const room = this.#max - this.#items.length;
    const taken = files.slice(0, Math.max(0, room));
    const overflow = this.querySelector(".photo-picker-overflow");
    overflow.hidden = taken.length === files.length;
    if (!overflow.hidden) setText(overflow, "photos.tooMany", { max: this.#max, count: files.length - taken.length });
    for (const file of taken) {
      this.#items.push(newItem({ file, preview: URL.createObjectURL(file), progress: 0, upload: "queued" }));
    }
    this.#pump();
    this.#render();
  }

  /** Starts queued uploads while fewer than PARALLEL_UPLOADS run. */
  #pump() {
    let running = this.#items.filter((item) => item.upload instanceof AbortController).length;
    for (const item of this.#items) {
      if (running >= PARALLEL_UPLOADS) break;
      if (item.upload !== "queued") continue;
      running += 1;
      this.#upload(item);
    }
    if (!this.pending) for (const resolve of this.#waiting.splice(0)) resolve();
  }

  async #upload(item) {
    const controller = new AbortController();
    item.upload = controller;
    item.error = null;
    try {
      const { photo, suggestedPlace } = await photoService.upload(item.file, {
        signal: controller.signal,
        onProgress: (fraction) => {
          item.progress = fraction;
          this.#renderProgress(item);
        },
      });
      item.photoId = photo.id;
      item.place = suggestedPlace;
      // The place of the first photo that has one, whichever upload finishes first.
      const place = this.#items.find((entry) => entry.place)?.place;
      if (place && !this.#placeChosen) this.#offer(place);
    } catch (error) {
      if (controller.signal.aborted) return; // Removed while uploading: nothing to show.
      item.error = error;
    } finally {
      if (item.upload === controller) item.upload = null;
    }
    this.#pump();
    this.#render();
  }

  #onTileClick(event) {
    const button = event.target.closest("button[data-action]");
    const tile = event.target.closest(".photo-tile");
    if (!button || !tile) return;
    const index = this.#items.findIndex((item) => item.key === tile.dataset.key);
    const item = this.#items[index];
    if (!item) return;
    switch (button.dataset.action) {
      case "left":
        this.#move(index, index - 1, "left");
        break;
      case "right":
        this.#move(index, index + 1, "right");
        break;
      case "remove":
        this.#remove(index);
        break;
      case "edit":
        this.#edit(item, button);
        break;
      case "retry":
        item.upload = "queued";
        item.progress = 0;
        this.#pump();
        this.#render();
        break;
    }
  }

  /** Moves a photo and keeps focus on the button that moved it (or its twin at either end). */
  #move(from, to, direction) {
    if (to < 0 || to >= this.#items.length) return;
    const [item] = this.#items.splice(from, 1);
    this.#items.splice(to, 0, item);
    this.#render();
    // The same button keeps focus, so pressing it again keeps moving the same photo.
    this.#tileOf(item).querySelector(`[data-action="${direction}"]`).focus();
    this.#announce("photos.moved", { position: to + 1, total: this.#items.length });
  }

  #remove(index) {
    const [item] = this.#items.splice(index, 1);
    this.#forget(item, { deleteFresh: true });
    this.#pump();
    this.#render();
    const next = this.#items[Math.min(index, this.#items.length - 1)];
    if (next) this.#tileOf(next).querySelector('[data-action="remove"]').focus();
    else this.querySelector('[data-action="add"]').focus();
    this.#announce("photos.removed", {});
  }

  /** Lets go of an item: stops its upload, frees its preview, and deletes a fresh upload from the server. */
  #forget(item, { deleteFresh }) {
    if (item.upload instanceof AbortController) item.upload.abort();
    item.upload = null;
    if (item.preview) URL.revokeObjectURL(item.preview);
    item.preview = null;
    if (deleteFresh && item.photoId && !this.#savedIds.has(item.photoId)) {
      // Best effort: the server also sweeps photos that never joined a wish.
      photoService.delete(item.photoId).catch(() => {});
    }
  }

  async #edit(item, button) {
    await PhotoEditor.open(item.photoId);
    // The store told us of any change; focus goes back to where the person was.
    if (button.isConnected) button.focus();
  }

  #offer(place) {
    if (!this.offerPlace) return;
    this.#place = place;
    const box = this.querySelector(".photo-place-offer");
    box.hidden = false;
    const text = box.querySelector(".photo-place-text");
    text.dataset.i18n = "photos.place.offer";
    text.dataset.i18nArgs = JSON.stringify({ name: place.name });
    const button = box.querySelector("button");
    button.dataset.i18n = "photos.place.use";
    button.dataset.i18nAttr = "aria-label:photos.place.useNamed";
    button.dataset.i18nArgs = text.dataset.i18nArgs;
    button.hidden = false;
    i18n.localize(box);
  }

  #usePlace() {
    this.#placeChosen = true;
    this.dispatchEvent(new CustomEvent("placechosen", { detail: this.#place }));
    const box = this.querySelector(".photo-place-offer");
    const text = box.querySelector(".photo-place-text");
    text.dataset.i18n = "photos.place.chosen";
    i18n.localize(text);
    box.querySelector("button").hidden = true;
    text.setAttribute("tabindex", "-1");
    text.focus();
  }

  #announce(key, params) {
    const status = this.querySelector('[data-role="announce"]');
    setText(status, key, params);
  }

  #tileOf(item) {
    return this.querySelector(`.photo-tile[data-key="${item.key}"]`);
  }

  /** Brings the list in line with the items, reusing each item's element so focus and images survive. */
  #render() {
    const list = this.querySelector(".photo-tiles");
    if (!list) return;
    // The form behind may keep a draft of what is on screen (the journal's).
    this.dispatchEvent(new Event("photoschange", { bubbles: true }));
    const tiles = this.#items.map((item, index) => {
      const tile = this.#tileOf(item) ?? createTile(item);
      updateTile(tile, item, index, this.#items.length);
      return tile;
    });
    // Only what is out of place moves: moving a focused element would drop its focus.
    tiles.forEach((tile, index) => {
      if (list.children[index] !== tile) list.insertBefore(tile, list.children[index] ?? null);
    });
    while (list.children.length > tiles.length) list.lastElementChild.remove();
    list.hidden = tiles.length === 0;

    const full = this.#items.length >= this.#max;
    const add = this.querySelector('[data-action="add"]');
    add.setAttribute("aria-disabled", String(full));
    const count = this.querySelector(".photo-picker-count");
    count.hidden = this.#items.length === 0;
    setText(count, "photos.count", { count: this.#items.length, max: this.#max });
    setText(this.querySelector("#photo-picker-hint"), full ? "photos.full" : "photos.hint", { max: this.#max });
  }

  #renderProgress(item) {
    const progress = this.#tileOf(item)?.querySelector("progress");
    if (progress) progress.value = Math.round(item.progress * 100);
  }

  // Dragging to reorder. The pressed tile follows the pointer; passing over
  // another tile moves it into that place, so the list shows the order that
  // dropping would give.

  #onPointerDown(event) {
    const media = event.target.closest(".photo-tile-media");
    if (!media || event.target.closest("button") || event.button !== 0 || this.#items.length < 2) return;
    const tile = media.closest(".photo-tile");
    const item = this.#items.find((entry) => entry.key === tile.dataset.key);
    const touch = event.pointerType === "touch";
    this.#drag = { item, tile, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, active: false, timer: null };
    if (touch) this.#drag.timer = setTimeout(() => this.#startDrag(), LONG_PRESS_MS);
    const move = (moveEvent) => this.#onPointerMove(moveEvent);
    const end = () => this.#finishDrag();
    // While dragging by touch the page must not scroll: only a non-passive touchmove can say so.
    const holdScroll = (touchEvent) => {
      if (this.#drag?.active) touchEvent.preventDefault();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
    window.addEventListener("touchmove", holdScroll, { passive: false });
    this.#drag.release = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      window.removeEventListener("touchmove", holdScroll);
    };
  }

  #onPointerMove(event) {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.active) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      // A touch that moves before the long press is a scroll, not a drag.
      if (drag.timer !== null) return this.#cancelDrag();
      this.#startDrag();
    }
    drag.x = event.clientX;
    drag.y = event.clientY;
    const over = [...this.querySelectorAll(".photo-tile")].find((tile) => {
      if (tile === drag.tile) return false;
      const box = tile.getBoundingClientRect();
      return event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    });
    if (over) {
      const from = this.#items.indexOf(drag.item);
      const to = this.#items.findIndex((item) => item.key === over.dataset.key);
      this.#items.splice(from, 1);
      this.#items.splice(to, 0, drag.item);
      this.#render();
    }
    this.#followPointer();
  }

  #startDrag() {
    const drag = this.#drag;
    if (!drag) return;
    drag.timer = null;
    drag.active = true;
    drag.x ??= drag.startX;
    drag.y ??= drag.startY;
    const box = drag.tile.getBoundingClientRect();
    drag.offsetX = drag.startX - box.left;
    drag.offsetY = drag.startY - box.top;
    drag.tile.classList.add("is-dragging");
  }

  /** Places the dragged tile under the pointer, measured from where the list has put it now. */
  #followPointer() {
    const drag = this.#drag;
    drag.tile.style.transform = "";
    const box = drag.tile.getBoundingClientRect();
    drag.tile.style.transform = `translate(${drag.x - drag.offsetX - box.left}px, ${drag.y - drag.offsetY - box.top}px)`;
  }

  #finishDrag() {
    const drag = this.#drag;
    if (!drag) return;
    const moved = drag.active;
    this.#cancelDrag();
    if (moved) {
      const position = this.#items.indexOf(drag.item);
      this.#announce("photos.moved", { position: position + 1, total: this.#items.length });
    }
  }

  #cancelDrag() {
    const drag = this.#drag;
    if (!drag) return;
    clearTimeout(drag.timer);
    drag.release?.();
    drag.tile.classList.remove("is-dragging");
    drag.tile.style.transform = "";
    this.#drag = null;
  }
}

function newItem(fields) {
  nextKey += 1;
  return { key: `p${nextKey}`, photoId: null, file: null, preview: null, progress: null, error: null, upload: null, place: null, ...fields };
}

function createTile(item) {
  const tile = document.createElement("li");
  // Only a new tile rises into place; one that is merely reordered must not replay it.
  tile.className = "photo-tile is-new";
  tile.addEventListener("animationend", () => tile.classList.remove("is-new"), { once: true });
  tile.dataset.key = item.key;
  tile.innerHTML = `
    <div class="photo-tile-media">
      <img class="photo-tile-image" alt="" draggable="false">
      <span class="photo-tile-placeholder" aria-hidden="true">${icon("photo")}</span>
      <span class="photo-tile-cover" data-i18n="photos.cover"></span>
      <progress class="photo-tile-progress" max="100" value="0"></progress>
      <button type="button" class="photo-tile-remove" data-action="remove">${icon("close", "icon icon-small")}</button>
    </div>
    <div class="photo-tile-problem" hidden>
      <p class="photo-tile-file"></p>
      <p class="photo-tile-error" role="alert"></p>
    </div>
    <div class="photo-tile-actions">
      <button type="button" class="icon-button" data-action="left">${icon("chevronLeft")}</button>
      <button type="button" class="icon-button photo-tile-edit" data-action="edit">${icon("crop", "icon icon-small")}<span data-i18n="photos.edit"></span></button>
      <button type="button" class="button button-quiet photo-tile-retry" data-action="retry" data-i18n="photos.retry"></button>
      <button type="button" class="icon-button" data-action="right">${icon("chevronRight")}</button>
    </div>`;
  const image = tile.querySelector("img");
  // A file the browser cannot draw (not an image, or HEIC) shows the placeholder until the server's thumbnail arrives.
  image.addEventListener("error", () => image.removeAttribute("src"));
  return tile;
}

/** Fills one tile from its item; names carry the photo's number, which changes as photos move. */
function updateTile(tile, item, index, total) {
  const photo = item.photoId ? store.get(PHOTO, item.photoId) : null;
  const number = { number: index + 1, total };
  const image = tile.querySelector("img");
  const source = photo?.urls.thumb ?? item.preview;
  if (source && image.getAttribute("src") !== source && !(item.error && !photo)) image.src = source;
  if (photo && item.preview) {
    // The server's thumbnail replaces the local preview, whose memory can go.
    URL.revokeObjectURL(item.preview);
    item.preview = null;
  }
  setLocalized(image, "alt", "photos.photo", number);
  tile.querySelector(".photo-tile-cover").hidden = index !== 0;

  const uploading = Boolean(item.upload);
  const progress = tile.querySelector("progress");
  progress.hidden = !uploading;
  progress.value = Math.round((item.progress ?? 0) * 100);
  setLocalized(progress, "aria-label", "photos.uploading", number);

  const problem = tile.querySelector(".photo-tile-problem");
  problem.hidden = !item.error;
  tile.classList.toggle("is-failed", Boolean(item.error));
  if (item.error) {
    tile.querySelector(".photo-tile-file").textContent = item.file?.name ?? "";
    setText(tile.querySelector(".photo-tile-error"), problemKey(item.error), {});
  }

  setLocalized(tile.querySelector('[data-action="remove"]'), "aria-label", "photos.remove", number);
  const left = tile.querySelector('[data-action="left"]');
  const right = tile.querySelector('[data-action="right"]');
  setLocalized(left, "aria-label", "photos.moveLeft", number);
  setLocalized(right, "aria-label", "photos.moveRight", number);
  left.setAttribute("aria-disabled", String(index === 0));
  right.setAttribute("aria-disabled", String(index === total - 1));
  const edit = tile.querySelector('[data-action="edit"]');
  edit.hidden = !photo;
  setLocalized(edit, "aria-label", "photos.editNamed", number);
  i18n.localize(edit);
  const retry = tile.querySelector('[data-action="retry"]');
  retry.hidden = !(item.error instanceof NetworkError);
  setLocalized(retry, "aria-label", "photos.retryNamed", number);
  i18n.localize(tile.querySelector(".photo-tile-cover"));
  i18n.localize(retry);
}

/** Sets a translated text and remembers its key, so a language switch retranslates it. */
function setText(element, key, params) {
  element.dataset.i18n = key;
  element.dataset.i18nArgs = JSON.stringify(params);
  element.textContent = i18n.t(key, params);
}

/** Sets a translated attribute and remembers its key, so a language switch retranslates it. */
function setLocalized(element, attribute, key, params) {
  element.dataset.i18nAttr = `${attribute}:${key}`;
  element.dataset.i18nArgs = JSON.stringify(params);
  element.setAttribute(attribute, i18n.t(key, params));
}

function problemKey(error) {
  if (error instanceof NetworkError) return "photos.error.network";
  if (error instanceof ApiError && KNOWN_PROBLEMS.has(error.code)) return `photos.error.${error.code}`;
  return "photos.error.generic";
}

customElements.define("wl-photo-picker", PhotoPicker);
