// The photos of a wish being added or edited (W2, W8): pick several at once
// (phones also offer the camera), see each at once with its upload progress,
// read a failed file's problem next to it, reorder by dragging or with the
// Move buttons, remove, and open the photo editor, whose crop or turn waits, said
// so on its tile, until the record is saved (`applyEdits`). The first photo is the cover.
// The uploads are an UploadQueue and the dragging a DragReorder; this element draws them.

import { PHOTO } from "../common/record-kinds.js";
import { ApiError, NetworkError } from "../common/api.js";
import { bindActions } from "../common/actions.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { MAX_PHOTOS, photoService } from "./photo-service.js";
import { store } from "../common/store.js";
import { PhotoEditor } from "./photo-editor.js";
import { DragReorder } from "./drag-reorder.js";
import { UploadQueue } from "./upload-queue.js";

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
  /** `{key, photoId, file, preview, job, place}` in the order shown; `job` is the file's UploadQueue job. */
  #items = [];
  #savedIds = new Set();
  #kept = false;
  #queue = new UploadQueue((file, options) => photoService.upload(file, options));
  #drag = null;
  #place = null;
  #placeChosen = false;
  #unsubscribe = null;
  /** Edits chosen in the photo editor and not yet sent, by photo id: `{crop, rotate}`, or null to reset. */
  #edits = new Map();
  offerPlace = false;

  /** The place of a photo added (the first with one), offered to the record; null when none has one. */
  get photoPlace() {
    return this.#place;
  }

  /** The most photos the record holds: the `max` attribute (a journal entry's 10), else a wish's. */
  get #max() {
    return Number(this.getAttribute("max")) || MAX_PHOTOS;
  }

  constructor() {
    super();
    this.#queue.addEventListener("progress", ({ detail: job }) => this.#renderProgress(job));
    this.#queue.addEventListener("change", ({ detail: job }) => this.#onJobChange(job));
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
    this.#drag?.cancel();
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

  /** Whether a crop or turn waits for the record's Save. */
  get hasEdits() {
    return this.#edits.size > 0;
  }

  /** Sends the edits chosen since the record was opened, each once; rejects with the first that fails. */
  async applyEdits() {
    for (const [photoId, edit] of this.#edits) {
      if (!this.photoIds.includes(photoId)) continue;
      if (edit) await photoService.edit(photoId, edit);
      else await photoService.resetEdit(photoId);
      this.#edits.delete(photoId);
    }
    this.#edits.clear();
    this.#render();
  }

  /** True while a file is still uploading. */
  get pending() {
    return this.#queue.pending;
  }

  /** Resolves once no upload is running (at once when none is). */
  settled() {
    return this.#queue.settled();
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
    input.addEventListener("change", () => {
      this.#add([...input.files]);
      input.value = "";
    });
    // A tile's buttons act on the photo of the tile they are in.
    const onTile = (act) => (button) => {
      const index = this.#items.indexOf(this.#itemOf(button.closest(".photo-tile")));
      if (index >= 0) act(index, this.#items[index], button);
    };
    bindActions(this, {
      add: () => {
        if (this.#items.length < this.#max) input.click();
      },
      "use-place": () => this.#usePlace(),
      left: onTile((index) => this.#move(index, index - 1, "left")),
      right: onTile((index) => this.#move(index, index + 1, "right")),
      remove: onTile((index) => this.#remove(index)),
      edit: onTile((index, item, button) => this.#edit(item, button)),
      retry: onTile((index, item) => this.#queue.retry(item.job)),
    });
    const list = this.querySelector(".photo-tiles");
    this.#drag = new DragReorder(list, {
      tiles: ".photo-tile",
      handle: ".photo-tile-media",
      canStart: () => this.#items.length >= 2,
      onMove: (tile, over) => {
        const item = this.#itemOf(tile);
        this.#items.splice(this.#items.indexOf(item), 1);
        this.#items.splice(this.#items.indexOf(this.#itemOf(over)), 0, item);
        this.#render();
      },
      onDrop: (tile) => {
        const position = this.#items.indexOf(this.#itemOf(tile)) + 1;
        this.#announce("photos.moved", { position, total: this.#items.length });
      },
    });
    i18n.localize(this);
  }

  #add(files) {
    const room = this.#max - this.#items.length;
    const taken = files.slice(0, Math.max(0, room));
    const overflow = this.querySelector(".photo-picker-overflow");
    overflow.hidden = taken.length === files.length;
    if (!overflow.hidden) setText(overflow, "photos.tooMany", { max: this.#max, count: files.length - taken.length });
    for (const file of taken) {
      this.#items.push(newItem({ file, preview: URL.createObjectURL(file), job: this.#queue.enqueue(file) }));
    }
    this.#render();
  }

  /** An upload started, finished or failed: a finished one gives the item its photo and maybe a place. */
  #onJobChange(job) {
    const item = this.#items.find((entry) => entry.job === job);
    if (!item || job.state === "cancelled") return; // Removed: nothing to show.
    if (job.state === "done") {
      item.photoId = job.result.photo.id;
      item.place = job.result.suggestedPlace;
      // The place of the first photo that has one, whichever upload finishes first.
      const place = this.#items.find((entry) => entry.place)?.place;
      if (place && !this.#placeChosen) this.#offer(place);
    }
    this.#render();
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
    this.#edits.delete(item.photoId);
    this.#forget(item, { deleteFresh: true });
    this.#render();
    const next = this.#items[Math.min(index, this.#items.length - 1)];
    if (next) this.#tileOf(next).querySelector('[data-action="remove"]').focus();
    else this.querySelector('[data-action="add"]').focus();
    this.#announce("photos.removed", {});
  }

  /** Lets go of an item: stops its upload, frees its preview, and deletes a fresh upload from the server. */
  #forget(item, { deleteFresh }) {
    if (item.job) this.#queue.cancel(item.job);
    if (item.preview) URL.revokeObjectURL(item.preview);
    item.preview = null;
    if (deleteFresh && item.photoId && !this.#savedIds.has(item.photoId)) {
      // Best effort: the server also sweeps photos that never joined a wish.
      photoService.delete(item.photoId).catch(() => {});
    }
  }

  async #edit(item, button) {
    const answer = await PhotoEditor.open(item.photoId);
    if (answer) {
      this.#edits.set(item.photoId, answer.edit);
      this.#render();
    }
    // Focus goes back to where the person was.
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

  #itemOf(tile) {
    return this.#items.find((item) => item.key === tile.dataset.key);
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
      this.#showPending(tile, item);
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
    // A photo whose upload failed is not one the record will have: it is counted apart.
    const failed = this.#items.filter((item) => item.job?.state === "failed").length;
    const kept = this.#items.length - failed;
    if (failed) setText(count, "photos.countFailed", { count: kept, max: this.#max, failed });
    else setText(count, "photos.count", { count: kept, max: this.#max });
    setText(this.querySelector("#photo-picker-hint"), full ? "photos.full" : "photos.hint", { max: this.#max });
  }

  /** Says on the tile that a crop or turn waits for Save, and turns the thumbnail by the turn it adds. */
  #showPending(tile, item) {
    const pending = tile.querySelector(".photo-tile-pending");
    pending.hidden = !this.#edits.has(item.photoId);
    if (!pending.hidden) i18n.localize(pending);
    const edit = this.#edits.get(item.photoId);
    const saved = store.get(PHOTO, item.photoId)?.edit?.rotate ?? 0;
    const turn = pending.hidden ? 0 : (edit?.rotate ?? 0) - saved;
    tile.querySelector(".photo-tile-image").style.rotate = turn === 0 ? "" : `${turn}deg`;
  }

  #renderProgress(job) {
    const item = this.#items.find((entry) => entry.job === job);
    const progress = item && this.#tileOf(item)?.querySelector("progress");
    if (progress) progress.value = Math.round(job.progress * 100);
  }
}

function newItem(fields) {
  nextKey += 1;
  return { key: `p${nextKey}`, photoId: null, file: null, preview: null, job: null, place: null, ...fields };
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
      <span class="photo-tile-pending" data-i18n="photos.editPending" hidden></span>
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
  const error = item.job?.state === "failed" ? item.job.error : null;
  const number = { number: index + 1, total };
  const image = tile.querySelector("img");
  const source = photo?.urls.thumb ?? item.preview;
  if (source && image.getAttribute("src") !== source && !(error && !photo)) image.src = source;
  if (photo && item.preview) {
    // The server's thumbnail replaces the local preview, whose memory can go.
    URL.revokeObjectURL(item.preview);
    item.preview = null;
  }
  setLocalized(image, "alt", "photos.photo", number);
  tile.querySelector(".photo-tile-cover").hidden = index !== 0;

  const uploading = item.job?.state === "queued" || item.job?.state === "uploading";
  const progress = tile.querySelector("progress");
  progress.hidden = !uploading;
  progress.value = Math.round((item.job?.progress ?? 0) * 100);
  setLocalized(progress, "aria-label", "photos.uploading", number);

  const problem = tile.querySelector(".photo-tile-problem");
  problem.hidden = !error;
  tile.classList.toggle("is-failed", Boolean(error));
  if (error) {
    tile.querySelector(".photo-tile-file").textContent = item.file?.name ?? "";
    setText(tile.querySelector(".photo-tile-error"), problemKey(error), {});
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
  retry.hidden = !(error instanceof NetworkError);
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
