// Add or edit a wish (W1, W3, W10, X4): name, memo, link, place, tags as chips and the star.
// A link typed or pasted shows its page's preview under the field, with one tap to fill the
// fields still empty and add the page's image as a photo; nothing typed is overwritten.
// The form checks the same rules as the server before sending, shows the
// server's own complaints next to their field, and on an edit sends the version
// it started from, so a change made elsewhere meanwhile is shown beside the person's
// own (the conflict panel), not overwritten. What is typed is kept as a draft until
// saved or discarded (form-draft.js, as the journal's editor does), and a photo's
// crop or turn is sent with Save, so Cancel leaves the wish and its photos as they were.

import { PHOTO, WISH } from "../common/record-kinds.js";
import { TAG_LIMITS } from "../common/tag-input.js";
import { bindActions } from "../common/actions.js";
import { draftNoteMarkup, FormDraft, showDraftNote } from "../common/form-draft.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { describe } from "../common/messages.js";
import { navigation } from "../shell/navigation.js";
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
  static fields = FIELDS;
  static staleKey = "wish.form.stale";
  static goneKey = "wish.gone.body";

  #base = null;
  #draft = null;
  // The preview images already added as photos, so one tap never adds the same image twice.
  #addedImages = new Set();
  #onPageHide = () => this.#keepDraft();

  get draft() {
    return this.#draft;
  }

  connectedCallback() {
    super.connectedCallback();
    window.addEventListener("pagehide", this.#onPageHide);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    window.removeEventListener("pagehide", this.#onPageHide);
    if (!this.querySelector("form")) return;
    // Leaving without saving or discarding (Back) keeps the draft, and the photos it names.
    if (this.#keepDraft()?.photos.length) this.querySelector("wl-photo-picker").keep();
  }

  showForm(wish) {
    this.#base = wish;
    this.#draft = new FormDraft("wish", this.recordId, {
      comparable: ({ photos, ...fields }) => ({ ...fields, photos: photos.map((photo) => photo.id) }),
    });
    this.innerHTML = `
      <form class="form wish-form-card" novalidate>
        ${draftNoteMarkup()}
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
        <div class="field">
          <label class="switch-field">
            <span class="switch-text"><span data-i18n="wish.form.private"></span></span>
            <input class="switch" type="checkbox" name="private" role="switch" aria-describedby="wish-private-hint">
          </label>
          <p class="field-hint" id="wish-private-hint" data-i18n="wish.form.privateHint"></p>
        </div>
        ${this.actionsMarkup()}
      </form>`;
    i18n.localize(this);
    const base = this.#baseValues();
    this.#fill(base);
    const draft = this.#draft.read();
    if (draft) {
      // A new wish asked for at a place ("Add wish here") takes that place over the draft's.
      this.#fill(!wish && base.place ? { ...draft, place: base.place } : draft);
      showDraftNote(this.querySelector(".draft-note"), draft);
    }
    const form = this.querySelector("form");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#save();
    });
    // Every change is kept at once: a reload or Back a second later finds it.
    for (const type of ["input", "change", "placechange", "photoschange"]) {
      form.addEventListener(type, () => this.#keepDraft());
    }
    bindActions(form, { cancel: () => this.#cancel(), discard: () => this.#discard(), reload: () => this.#reload() });
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
    if (!wish && !draft) form.elements.name.focus();
  }

  /** The form's values for `wish` as saved (the one being edited), or a new one (maybe with the map's place). */
  #baseValues(wish = this.#base) {
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

  /** What the form shows now, in the shape of `#baseValues()` (tags as committed chips). */
  #formValues() {
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

  /** Keeps what the form shows as the draft, or forgets it when nothing differs from the saved wish. */
  #keepDraft() {
    if (!this.querySelector("form") || this.busy || !this.#draft) return null;
    return this.#draft.keep(this.#formValues(), this.#baseValues(), this.#base?.version);
  }

  /** Drops the draft and shows the wish as saved (or an empty new one). */
  #discard() {
    this.#draft.forget();
    this.#fill(this.#baseValues());
    showDraftNote(this.querySelector(".draft-note"), null);
    this.querySelector("form").elements.name.focus();
  }

  /** Leaves without saving, once the person agrees to lose what they typed or cropped. */
  async #cancel() {
    const unsaved = this.querySelector("wl-photo-picker").hasEdits;
    if (!(await this.#draft.confirmDiscard({ unsaved }))) return;
    this.#draft.finish();
    this.#leave();
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

  /** Shows `values` (the shape of `#baseValues()`; without `photos`, the photos stay as they are). */
  #fill(values) {
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
        private: form.elements.private.checked,
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
    this.#keepDraft();
    try {
      // Photos still uploading are waited for; ones that failed are left out.
      await picker.settled();
      values.fields.photoIds = picker.photoIds;
      // A crop or turn chosen in this edit goes with it.
      await picker.applyEdits();
      if (this.#base) {
        // A draft restored from an older version is checked against that version.
        const version = this.#draft.read()?.version ?? this.#base.version;
        const wish = await wishService.update(this.#base.id, values.fields, version);
        picker.keep();
        this.#draft.finish();
        this.#recordPrice(wish);
        // The editor was opened from the wish: back there, where the store already shows the change.
        this.#leave();
      } else {
        const wish = await wishService.create(values.fields);
        picker.keep();
        this.#draft.finish();
        this.#recordPrice(wish);
        navigation.replace(`/wishes/${encodeURIComponent(wish.id)}`);
      }
    } catch (error) {
      this.setBusy(false);
      // Offline or refused: the draft is kept, so nothing typed is lost.
      this.#keepDraft();
      this.showServerError(error);
    }
  }

  conflictFields(latest) {
    const mine = this.#formValues();
    const theirs = this.#baseValues(latest);
    const plain = (value) => (value ?? "").trim();
    const fields = [
      { name: "name", labelKey: "wish.form.name", text: plain },
      { name: "memo", labelKey: "wish.form.memo", text: plain },
      { name: "link", labelKey: "wish.form.link", text: plain },
      { name: "place", labelKey: "wish.form.place", text: (place) => place?.name ?? "" },
      { name: "tags", labelKey: "wish.form.tags", text: (tags) => tags.join(", ") },
      { name: "favorite", labelKey: "wish.form.favorite", text: (on) => i18n.t(on ? "conflict.yes" : "conflict.no") },
      { name: "private", labelKey: "wish.form.private", text: (on) => i18n.t(on ? "conflict.yes" : "conflict.no") },
      { name: "photos", labelKey: "photos.label", text: (photos) => (photos.length ? i18n.t("conflict.photos", { count: photos.length }) : "") },
    ];
    const same = (name, a, b) =>
      name === "photos" ? a.map((photo) => photo.id).join() === b.map((photo) => photo.id).join()
        : name === "place" ? JSON.stringify(a && [a.name, a.latitude, a.longitude]) === JSON.stringify(b && [b.name, b.latitude, b.longitude])
          : JSON.stringify(typeof a === "string" ? a.trim() : a) === JSON.stringify(typeof b === "string" ? b.trim() : b);
    return fields
      .filter((field) => !same(field.name, mine[field.name], theirs[field.name]))
      .map((field) => ({ ...field, mine: mine[field.name], theirs: theirs[field.name] }));
  }

  resolveConflict(latest, values, { save }) {
    this.#base = latest;
    const chosen = { ...this.#formValues(), ...values };
    // The photos the person has are theirs already; only the other version's need putting back.
    if (values.photos !== latest.photos) delete chosen.photos;
    this.#fill(chosen);
    // The draft now starts from the latest version.
    this.#draft.forget();
    this.#keepDraft();
    this.showAlert(null);
    if (save) this.#save();
    else this.querySelector("form").elements.name.focus();
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
      this.#draft.forget();
      this.#fill(this.#baseValues());
      showDraftNote(this.querySelector(".draft-note"), null);
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
