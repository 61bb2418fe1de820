// Add or edit a wish (W1, W3, W10, X4): name, memo, link, place, tags as chips and the star.
// A link typed or pasted shows its page's preview under the field, with one tap to fill the
// fields still empty and add the page's image as a photo; nothing typed is overwritten.
// The form checks the same rules as the server before sending and shows the server's own
// complaints next to their field. The draft, Save, the conflict panel and Reload are the same as
// the journal editor's (record-editor-view.js): Cancel leaves the wish and its photos as they were.

import { PHOTO, WISH } from "../common/record-kinds.js";
import { TAG_LIMITS } from "../common/tag-input.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { linkService } from "../links/link-service.js";
import { MAX_PHOTOS } from "../photos/photo-service.js";
import { limits } from "../common/limits.js";
import { hashQuery, placeFrom } from "../places/place-format.js";
import { store } from "../common/store.js";
import { wishService } from "./wish-service.js";
import { length, RecordEditorView } from "../common/record-editor-view.js";
import "../links/link-preview.js";
import "../photos/photo-picker.js";
import "../places/place-field.js";
import "../common/tag-input.js";

/** The API's limits, counted in characters as people see them. */
const LIMITS = Object.freeze({ name: limits.wishName, memo: limits.wishMemo, link: limits.wishLink });
const FIELDS = ["name", "memo", "link", "place", "tags"];

/** The editor for a new wish, or for the wish in `routeParams.id`. */
export class WishEditorView extends RecordEditorView {
  static kind = WISH;
  static service = wishService;
  static prefix = "wish";
  static path = "/wishes";
  static firstField = "name";
  static fields = FIELDS;
  static staleKey = "wish.form.stale";
  static goneKey = "wish.gone.body";

  // The preview images already added as photos, so one tap never adds the same image twice.
  #addedImages = new Set();

  fieldsMarkup() {
    return `
      <wl-photo-picker></wl-photo-picker>
      <div class="field">
        <label class="field-label" for="wish-name" data-i18n="wish.form.name"></label>
        <input class="input" id="wish-name" name="name" type="text" autocomplete="off" required
          aria-describedby="wish-name-error">
        <p class="field-error" id="wish-name-error" role="alert" hidden></p>
      </div>
      <div class="field">
        <label class="field-label" for="wish-memo" data-i18n="wish.form.memo"></label>
        <textarea class="input textarea" id="wish-memo" name="memo" rows="4" aria-describedby="wish-memo-error"></textarea>
        <p class="field-error" id="wish-memo-error" role="alert" hidden></p>
      </div>
      <div class="field">
        <label class="field-label" for="wish-link" data-i18n="wish.form.link"></label>
        <input class="input" id="wish-link" name="link" type="url" inputmode="url" autocomplete="off"
          spellcheck="false" placeholder="https://" aria-describedby="wish-link-error">
        <p class="field-error" id="wish-link-error" role="alert" hidden></p>
        <wl-link-preview></wl-link-preview>
      </div>
      <div class="field">
        <label class="field-label" for="wish-place" data-i18n="wish.form.place"></label>
        <wl-place-field input-id="wish-place" described-by="wish-place-error"></wl-place-field>
        <p class="field-error" id="wish-place-error" role="alert" hidden></p>
      </div>
      <div class="field">
        <label class="field-label" for="wish-tags" data-i18n="wish.form.tags"></label>
        <wl-tag-input input-id="wish-tags" described-by="wish-tags-hint wish-tags-error"></wl-tag-input>
        <p class="field-hint" id="wish-tags-hint" data-i18n="wish.form.tagsHint"></p>
        <p class="field-error" id="wish-tags-error" role="alert" hidden></p>
      </div>
      <label class="switch-field">
        <span class="switch-text">${icon("favorites", "icon icon-small")}<span data-i18n="wish.form.favorite"></span></span>
        <input class="switch" type="checkbox" name="favorite" role="switch">
      </label>
      <div class="field">
        <label class="switch-field">
          <span class="switch-text"><span data-i18n="wish.form.private"></span></span>
          <input class="switch" type="checkbox" name="private" role="switch" aria-describedby="wish-private-hint">
        </label>
        <p class="field-hint" id="wish-private-hint" data-i18n="wish.form.privateHint"></p>
      </div>
    `;
  }

  wireForm() {
    const placeField = this.querySelector("wl-place-field");
    const picker = this.querySelector("wl-photo-picker");
    placeField.addEventListener("placechange", () => {
      this.showFieldError("place", null);
      // Once the wish has a place, a photo's place is no longer offered.
      picker.offerPlace = !placeField.place;
    });
    // A photo's place, when the person takes it, fills the place field like any other choice.
    picker.addEventListener("placechosen", (event) => {
      placeField.place = event.detail;
      picker.offerPlace = false;
    });
    this.querySelector("wl-tag-input").addEventListener("tagproblem", (event) =>
      this.showFieldError("tags", event.detail ? { key: event.detail } : null),
    );
    this.#watchLink();
  }

  /** The form's values for `wish` as saved (the one being edited), or a new one (maybe with the map's place). */
  baseValues(wish = this.base) {
    return {
      name: wish?.name ?? "",
      memo: wish?.memo ?? "",
      link: wish?.link ?? "",
      favorite: wish?.favorite ?? false,
      private: wish?.private ?? false,
      tags: wish?.tags ?? [],
      // A new wish may come with a place already ("Add wish here" on the map).
      place: wish ? (wish.place ?? null) : placeFrom(hashQuery()),
      photos: wish?.photos ?? [],
    };
  }

  /** What the form shows now, in the shape of `baseValues()` (tags as committed chips). */
  formValues() {
    const form = this.querySelector("form");
    return {
      name: form.elements.name.value,
      memo: form.elements.memo.value,
      link: form.elements.link.value,
      favorite: form.elements.favorite.checked,
      private: form.elements.private.checked,
      tags: this.querySelector("wl-tag-input").tags,
      place: this.querySelector("wl-place-field").place,
      photos: this.querySelector("wl-photo-picker").photoIds.map((id) => store.get(PHOTO, id)).filter(Boolean),
    };
  }

  /** Previews the link as it is typed or pasted, and keeps the offer to fill in step with the form. */
  #watchLink() {
    const form = this.querySelector("form");
    const preview = this.querySelector("wl-link-preview");
    const link = form.elements.link;
    link.addEventListener("input", (event) => preview.setURL(link.value, { immediate: event.inputType === "insertFromPaste" }));
    const offer = () => {
      preview.fillable = this.#fillable(preview.preview);
    };
    preview.addEventListener("previewchange", offer);
    form.addEventListener("input", (event) => {
      if (event.target !== link) offer();
    });
    preview.addEventListener("fill", () => this.#fillFromPreview(preview));
  }

  /** Whether the preview has something for a field still empty, or an image not yet added. */
  #fillable(page) {
    if (!page) return false;
    const form = this.querySelector("form");
    return (Boolean(page.title) && form.elements.name.value.trim() === "")
      || (Boolean(page.description) && form.elements.memo.value.trim() === "")
      || this.#imageToAdd(page) !== null;
  }

  #imageToAdd(page) {
    // Offered while the wish has room for another photo, and only once.
    const room = this.querySelector("wl-photo-picker").photoIds.length < MAX_PHOTOS;
    return page.image && room && !this.#addedImages.has(page.image) ? page.image : null;
  }

  /** Fills only the empty fields from the page, then adds its image as a photo. */
  async #fillFromPreview(preview) {
    const page = preview.preview;
    if (!page) return;
    const form = this.querySelector("form");
    if (page.title && form.elements.name.value.trim() === "") form.elements.name.value = page.title.slice(0, LIMITS.name);
    if (page.description && form.elements.memo.value.trim() === "") form.elements.memo.value = page.description.slice(0, LIMITS.memo);
    const image = this.#imageToAdd(page);
    preview.say(null);
    if (image) {
      preview.busy = true;
      try {
        this.querySelector("wl-photo-picker").addPhoto(await linkService.photo(image, { signal: this.signal }));
        this.#addedImages.add(image);
      } catch {
        if (!this.signal.aborted) preview.say({ key: "linkPreview.imageFailed" });
      } finally {
        preview.busy = false;
      }
    }
    preview.fillable = this.#fillable(page);
  }

  fill(values) {
    const form = this.querySelector("form");
    form.elements.name.value = values.name;
    form.elements.memo.value = values.memo ?? "";
    form.elements.link.value = values.link ?? "";
    form.elements.favorite.checked = values.favorite;
    // A draft kept before wishes could be private has no such value: not private.
    form.elements.private.checked = values.private ?? false;
    this.querySelector("wl-tag-input").tags = values.tags;
    this.querySelector("wl-place-field").place = values.place;
    const picker = this.querySelector("wl-photo-picker");
    if (values.photos) picker.photos = values.photos;
    picker.offerPlace = !values.place;
  }

  valuesToSave() {
    const form = this.querySelector("form");
    const tagInput = this.querySelector("wl-tag-input");
    // A tag still being typed becomes a chip, or says what is wrong with it.
    const tagProblem = tagInput.commit();
    const memo = form.elements.memo.value;
    const link = form.elements.link.value.trim();
    const fields = {
      name: form.elements.name.value.trim(),
      memo: memo.trim().length === 0 ? null : memo,
      link: link.length === 0 ? null : link,
      tags: tagInput.tags,
      favorite: form.elements.favorite.checked,
      private: form.elements.private.checked,
      place: this.querySelector("wl-place-field").place,
    };
    const problems = [];
    const nameLength = length(fields.name);
    if (nameLength === 0) problems.push({ field: "name", key: "validation.name.required" });
    else if (nameLength > LIMITS.name) problems.push({ field: "name", key: "validation.name.long" });
    if (fields.memo !== null && length(fields.memo) > LIMITS.memo) problems.push({ field: "memo", key: "validation.memo.long" });
    if (fields.link !== null) {
      const key = linkProblem(fields.link);
      if (key) problems.push({ field: "link", key });
    }
    const placeProblem = this.querySelector("wl-place-field").problem;
    if (placeProblem) problems.push({ field: "place", key: placeProblem });
    if (tagProblem) problems.push({ field: "tags", key: tagProblem });
    else if (fields.tags.length > TAG_LIMITS.count) problems.push({ field: "tags", key: "validation.tags.many" });
    return { fields, problems };
  }

  saved(wish) {
    this.#recordPrice(wish);
  }

  conflictDescriptors() {
    const plain = (value) => (value ?? "").trim();
    const yesNo = (on) => i18n.t(on ? "conflict.yes" : "conflict.no");
    return [
      { name: "name", labelKey: "wish.form.name", text: plain },
      { name: "memo", labelKey: "wish.form.memo", text: plain },
      { name: "link", labelKey: "wish.form.link", text: plain },
      { name: "place", labelKey: "wish.form.place", text: (place) => place?.name ?? "" },
      { name: "tags", labelKey: "wish.form.tags", text: (tags) => tags.join(", ") },
      { name: "favorite", labelKey: "wish.form.favorite", text: yesNo },
      { name: "private", labelKey: "wish.form.private", text: yesNo },
    ];
  }

  /**
   * A wish saved with a link whose preview showed a price gets it recorded (the page is fetched
   * once more, on the server); the wish's page shows it when it comes. A failure costs only the price.
   */
  #recordPrice(wish) {
    const page = this.querySelector("wl-link-preview").preview;
    if (wish.link && page?.price && page.url === wish.link) linkService.refresh(wish.id).catch(() => {});
  }
}

function linkProblem(link) {
  if (length(link) > LIMITS.link) return "validation.link.long";
  let url;
  try {
    url = new URL(link);
  } catch {
    return "validation.link.invalid";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "validation.link.scheme";
  return url.hostname ? null : "validation.link.invalid";
}

customElements.define("wl-wish-editor-view", WishEditorView);
