// Add or edit a wish (W1, W3, W10, X4): name, memo, link, place, tags as chips and the star.
// A link typed or pasted shows its page's preview under the field, with one tap to fill the
// fields still empty and add the page's image as a photo; nothing typed is overwritten.
// The form checks the same rules as the server before sending, shows the
// server's own complaints next to their field, and on an edit sends the version
// it started from, so a change made elsewhere meanwhile is reported, not overwritten.

import { WISH } from "../common/record-kinds.js";
import { TAG_LIMITS } from "../common/tag-input.js";
import { bindActions } from "../common/actions.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { describe } from "../common/messages.js";
import { navigation } from "../shell/navigation.js";
import { linkService } from "../links/link-service.js";
import { MAX_PHOTOS } from "../photos/photo-service.js";
import { limits } from "../common/limits.js";
import { hashQuery, placeFrom } from "../places/place-format.js";
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
  static fields = FIELDS;
  static staleKey = "wish.form.stale";
  static goneKey = "wish.gone.body";

  #base = null;
  // The preview images already added as photos, so one tap never adds the same image twice.
  #addedImages = new Set();

  showForm(wish) {
    this.#base = wish;
    this.innerHTML = `
      <form class="form wish-form-card" novalidate>
        ${this.alertMarkup("wish.form.reload")}
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
        ${this.actionsMarkup()}
      </form>`;
    i18n.localize(this);
    this.#fill(wish);
    const form = this.querySelector("form");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#save();
    });
    bindActions(form, { cancel: () => this.#leave(), reload: () => this.#reload() });
    const placeField = this.querySelector("wl-place-field");
    placeField.addEventListener("placechange", () => {
      this.showFieldError("place", null);
      // Once the wish has a place, a photo's place is no longer offered.
      this.querySelector("wl-photo-picker").offerPlace = !placeField.place;
    });
    // A photo's place, when the person takes it, fills the place field like any other choice.
    this.querySelector("wl-photo-picker").addEventListener("placechosen", (event) => {
      placeField.place = event.detail;
      this.querySelector("wl-photo-picker").offerPlace = false;
    });
    this.querySelector("wl-tag-input").addEventListener("tagproblem", (event) =>
      this.showFieldError("tags", event.detail ? { key: event.detail } : null),
    );
    this.#watchLink();
    if (!wish) form.elements.name.focus();
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

  #fill(wish) {
    const form = this.querySelector("form");
    form.elements.name.value = wish?.name ?? "";
    form.elements.memo.value = wish?.memo ?? "";
    form.elements.link.value = wish?.link ?? "";
    form.elements.favorite.checked = wish?.favorite ?? false;
    this.querySelector("wl-tag-input").tags = wish?.tags ?? [];
    // A new wish may come with a place already ("Add wish here" on the map).
    const place = wish ? wish.place ?? null : placeFrom(hashQuery());
    this.querySelector("wl-place-field").place = place;
    const picker = this.querySelector("wl-photo-picker");
    picker.photos = wish?.photos ?? [];
    picker.offerPlace = !place;
  }

  #values() {
    const form = this.querySelector("form");
    const tagInput = this.querySelector("wl-tag-input");
    const tagProblem = tagInput.commit();
    const memo = form.elements.memo.value;
    const link = form.elements.link.value.trim();
    return {
      fields: {
        name: form.elements.name.value.trim(),
        memo: memo.trim().length === 0 ? null : memo,
        link: link.length === 0 ? null : link,
        tags: tagInput.tags,
        favorite: form.elements.favorite.checked,
        place: this.querySelector("wl-place-field").place,
      },
      tagProblem,
      placeProblem: this.querySelector("wl-place-field").problem,
    };
  }

  /** The first broken rule of each field, as `{field, key}`. */
  #validate({ fields, tagProblem, placeProblem }) {
    const problems = [];
    const nameLength = length(fields.name);
    if (nameLength === 0) problems.push({ field: "name", key: "validation.name.required" });
    else if (nameLength > LIMITS.name) problems.push({ field: "name", key: "validation.name.long" });
    if (fields.memo !== null && length(fields.memo) > LIMITS.memo) problems.push({ field: "memo", key: "validation.memo.long" });
    if (fields.link !== null) {
      const key = linkProblem(fields.link);
      if (key) problems.push({ field: "link", key });
    }
    if (placeProblem) problems.push({ field: "place", key: placeProblem });
    if (tagProblem) problems.push({ field: "tags", key: tagProblem });
    else if (fields.tags.length > TAG_LIMITS.count) problems.push({ field: "tags", key: "validation.tags.many" });
    return problems;
  }

  async #save() {
    if (this.busy) return;
    this.showAlert(null);
    const values = this.#values();
    const problems = this.#validate(values);
    this.showProblems(problems);
    if (problems.length > 0) return;
    this.setBusy(true);
    const picker = this.querySelector("wl-photo-picker");
    try {
      // Photos still uploading are waited for; ones that failed are left out.
      await picker.settled();
      values.fields.photoIds = picker.photoIds;
      if (this.#base) {
        const wish = await wishService.update(this.#base.id, values.fields, this.#base.version);
        picker.keep();
        this.#recordPrice(wish);
        // The editor was opened from the wish: back there, where the store already shows the change.
        this.#leave();
      } else {
        const wish = await wishService.create(values.fields);
        picker.keep();
        this.#recordPrice(wish);
        navigation.replace(`/wishes/${encodeURIComponent(wish.id)}`);
      }
    } catch (error) {
      this.setBusy(false);
      this.showServerError(error);
    }
  }

  /**
   * A wish saved with a link whose preview showed a price gets it recorded (the page is fetched
   * once more, on the server); the wish's page shows it when it comes. A failure costs only the price.
   */
  #recordPrice(wish) {
    const page = this.querySelector("wl-link-preview").preview;
    if (wish.link && page?.price && page.url === wish.link) linkService.refresh(wish.id).catch(() => {});
  }

  /** Takes the wish as it is now on the server, dropping what was typed (the person chose this). */
  async #reload() {
    const button = this.querySelector('[data-action="reload"]');
    button.setAttribute("aria-busy", "true");
    try {
      const wish = await wishService.load(this.#base.id, { signal: this.signal });
      this.#base = wish;
      this.#fill(wish);
      this.showProblems([]);
      this.showAlert(null);
      this.querySelector("form").elements.name.focus();
    } catch (error) {
      if (!this.signal.aborted) this.showAlert(describe(error), { reload: true });
    } finally {
      button.removeAttribute("aria-busy");
    }
  }

  #leave() {
    navigation.back(this.#base ? `/wishes/${encodeURIComponent(this.#base.id)}` : "/wishes");
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
