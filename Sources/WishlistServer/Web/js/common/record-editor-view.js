// What the editors of a record (a wish, a journal entry) share around their own fields: the
// record loaded first when the editor was opened directly, the draft kept in the browser at every
// change (restored over the record with a note and Discard, asked about before Cancel throws it
// away, kept on leaving, forgotten once saved: form-draft.js), Save (the rules checked first, the
// photos still uploading waited for, a crop or turn sent with it, the version the edit started
// from), a field's error shown next to it, the alert above the form, the conflict panel after a
// change made elsewhere (both versions, field by field; "Reload" when the latest cannot be read),
// the busy Save button, and the server's complaints put where they belong.

import { ApiError } from "./api.js";
import { bindActions } from "./actions.js";
import { draftNoteMarkup, FormDraft, showDraftNote } from "./form-draft.js";
import { i18n } from "../shell/i18n.js";
import { icon } from "./icons.js";
import { describe, setMessage } from "./messages.js";
import { navigation } from "../shell/navigation.js";
import { store } from "./store.js";
import "./conflict-panel.js";
import "./error-panel.js";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Characters as people count them: "é" or "가" or a flag emoji is one. */
export function length(text) {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/** A field's value as two versions are compared: photos by id, a place by name and position, text trimmed. */
function comparable(name, value) {
  if (name === "photos") return value.map((photo) => photo.id);
  if (name === "place") return value && [value.name, value.latitude, value.longitude];
  return typeof value === "string" ? value.trim() : value;
}

/**
 * The editor of a new record, or of the one in `routeParams.id`. A subclass draws its fields
 * (`fieldsMarkup`, `wireForm`), says how the form maps to a record (`baseValues`, `formValues`,
 * `fill`, `valuesToSave`) and names the fields of the conflict panel (`conflictDescriptors`).
 */
export class RecordEditorView extends HTMLElement {
  /**
   * `kind` and `service` (with `load(id, {signal})`, `create(fields)` and `update(id, fields,
   * version)`) of the record; `prefix`: the start of the form's ids (`${prefix}-${field}`,
   * `${prefix}-${field}-error`), its message keys (`${prefix}.form.reload`) and its draft's name;
   * `path`: where its records are shown (`${path}/${id}`); `firstField`: the field a new record
   * starts at; `fields`: the fields the server may name in a 400; `staleKey` and `goneKey`: the
   * alerts after a 412 and a 404.
   */
  static kind = "";
  static service = null;
  static prefix = "";
  static path = "";
  static firstField = "";
  static fields = [];
  static staleKey = "";
  static goneKey = "";
  static #onScreen = new Set();

  /** Whether an editor on screen holds changes not saved yet (an app update waits for them: js/offline). */
  static get editing() {
    return [...RecordEditorView.#onScreen].some((editor) => editor.draft?.read() && !editor.draft.finished);
  }

  routeParams = {};
  #busy = false;
  #abort = new AbortController();
  #conflict = null;
  #base = null;
  #draft = null;
  #onPageHide = () => this.keepDraft();

  get recordId() {
    return this.routeParams.id ?? null;
  }

  /** The record as saved, the one being edited (null for a new one). */
  get base() {
    return this.#base;
  }

  /** Aborted when the editor goes away. */
  get signal() {
    return this.#abort.signal;
  }

  get busy() {
    return this.#busy;
  }

  /** The editor's FormDraft, once its form is shown. */
  get draft() {
    return this.#draft;
  }

  connectedCallback() {
    RecordEditorView.#onScreen.add(this);
    window.addEventListener("pagehide", this.#onPageHide);
    const held = this.recordId ? store.get(this.constructor.kind, this.recordId) : null;
    if (!this.recordId || held) this.showForm(held ?? null);
    else this.#loadThenShow();
  }

  disconnectedCallback() {
    RecordEditorView.#onScreen.delete(this);
    this.#abort.abort();
    window.removeEventListener("pagehide", this.#onPageHide);
    if (!this.querySelector("form")) return;
    // Leaving without saving or discarding (Back) keeps the draft, and the photos it names.
    if (this.keepDraft()?.photos.length) this.querySelector("wl-photo-picker").keep();
  }

  /** Draws the form for `record` (null for a new one), with the draft kept of it over it. */
  showForm(record) {
    const { prefix, firstField } = this.constructor;
    this.#base = record;
    this.#draft = new FormDraft(prefix, this.recordId, {
      comparable: ({ photos, ...fields }) => ({ ...fields, photos: photos.map((photo) => photo.id) }),
    });
    this.innerHTML = `
      <form class="form wish-form-card" novalidate>
        ${draftNoteMarkup()}
        ${this.alertMarkup(`${prefix}.form.reload`)}
        ${this.fieldsMarkup()}
        ${this.actionsMarkup()}
      </form>`;
    i18n.localize(this);
    const base = this.baseValues();
    this.fill(base);
    const draft = this.#draft.read();
    if (draft) {
      // A new record asked for at a place ("Add wish here") takes that place over the draft's.
      this.fill(!record && base.place ? { ...draft, place: base.place } : draft);
      showDraftNote(this.querySelector(".draft-note"), draft);
    }
    const form = this.querySelector("form");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#save();
    });
    // Every change is kept at once: a reload or Back a second later finds it.
    for (const type of ["input", "change", "placechange", "photoschange"]) form.addEventListener(type, () => this.keepDraft());
    bindActions(form, { cancel: () => this.#cancel(), discard: () => this.#discard(), reload: () => this.#reload() });
    this.wireForm(form);
    if (!record && !draft) form.elements[firstField].focus();
  }

  /** The subclass's fields, between the alert and Cancel and Save. */
  fieldsMarkup() {
    return "";
  }

  /** Listens to the subclass's own fields, once the form is drawn. */
  wireForm(form) {}

  /** The form's values for `record` as saved (a new one when null), with its `photos` and `place`. */
  baseValues(record = this.#base) {
    return { photos: record?.photos ?? [], place: record?.place ?? null };
  }

  /** What the form shows now, in the shape of `baseValues()`. */
  formValues() {
    return this.baseValues(null);
  }

  /** Shows `values` (the shape of `baseValues()`; without `photos`, the photos stay as they are). */
  fill(values) {}

  /** What Save sends (`fields`, without the photos) and the first broken rule of each field (`problems`, `[{field, key}]`). */
  valuesToSave() {
    return { fields: {}, problems: [] };
  }

  /** After `record` was saved, before the editor leaves. */
  saved(record) {}

  /** The fields the conflict panel may show, but the photos: `[{name, labelKey, text(value)}]`. */
  conflictDescriptors() {
    return [];
  }

  /**
   * After a 409, the fields that differ between the form and `latest` (the record as saved now),
   * as the conflict panel takes them: `[{name, labelKey, mine, theirs, text(value)}]`.
   */
  conflictFields(latest) {
    const mine = this.formValues();
    const theirs = this.baseValues(latest);
    const photos = { name: "photos", labelKey: "photos.label", text: (list) => (list.length ? i18n.t("conflict.photos", { count: list.length }) : "") };
    return [...this.conflictDescriptors(), photos]
      .filter(({ name }) => JSON.stringify(comparable(name, mine[name])) !== JSON.stringify(comparable(name, theirs[name])))
      .map((field) => ({ ...field, mine: mine[field.name], theirs: theirs[field.name] }));
  }

  /** The person chose in the conflict panel: `values` by field name, on top of `latest`; `save` to save them. */
  resolveConflict(latest, values, { save }) {
    this.#base = latest;
    const chosen = { ...this.formValues(), ...values };
    // The photos the person has are theirs already; only the other version's need putting back.
    if (values.photos !== latest.photos) delete chosen.photos;
    this.fill(chosen);
    // The draft now starts from the latest version.
    this.#draft.forget();
    this.keepDraft();
    this.showAlert(null);
    if (save) this.#save();
    else this.focusField(this.constructor.firstField);
  }

  /** Keeps what the form shows as the draft, or forgets it when nothing differs from the saved record. */
  keepDraft() {
    if (!this.querySelector("form") || this.busy || !this.#draft) return null;
    return this.#draft.keep(this.formValues(), this.baseValues(), this.#base?.version);
  }

  /** Drops the draft and shows the record as saved (or an empty new one). */
  #discard() {
    this.#draft.forget();
    this.fill(this.baseValues());
    showDraftNote(this.querySelector(".draft-note"), null);
    this.showProblems([]);
    this.focusField(this.constructor.firstField);
  }

  /** Leaves without saving, once the person agrees to lose what they typed or cropped. */
  async #cancel() {
    const unsaved = this.querySelector("wl-photo-picker").hasEdits;
    if (!(await this.#draft.confirmDiscard({ unsaved }))) return;
    this.#draft.finish();
    this.#leave();
  }

  async #save() {
    if (this.busy) return;
    this.showAlert(null);
    const { fields, problems } = this.valuesToSave();
    this.showProblems(problems);
    if (problems.length > 0) return;
    this.keepDraft();
    this.setBusy(true);
    const picker = this.querySelector("wl-photo-picker");
    const { service, path } = this.constructor;
    try {
      // Photos still uploading are waited for; ones that failed are left out.
      await picker.settled();
      fields.photoIds = picker.photoIds;
      // A crop or turn chosen in this edit goes with it.
      await picker.applyEdits();
      // A draft restored from an older version is checked against that version.
      const record = this.#base
        ? await service.update(this.#base.id, fields, this.#draft.read()?.version ?? this.#base.version)
        : await service.create(fields);
      picker.keep();
      this.#draft.finish();
      this.saved(record);
      // An edit goes back to the record, where the store already shows the change.
      if (this.#base) this.#leave();
      else navigation.replace(`${path}/${encodeURIComponent(record.id)}`);
    } catch (error) {
      this.setBusy(false);
      // Offline or refused: the draft is kept, so nothing typed is lost.
      this.keepDraft();
      this.showServerError(error);
    }
  }

  /** Takes the record as it is now on the server, dropping the draft (the person chose this). */
  async #reload() {
    const button = this.querySelector('[data-action="reload"]');
    button.setAttribute("aria-busy", "true");
    try {
      this.#base = await this.constructor.service.load(this.#base.id, { signal: this.signal });
      this.#discard();
      this.showAlert(null);
    } catch (error) {
      if (!this.signal.aborted) this.showAlert(describe(error), { reload: true });
    } finally {
      button.removeAttribute("aria-busy");
    }
  }

  #leave() {
    const { path } = this.constructor;
    navigation.back(this.#base ? `${path}/${encodeURIComponent(this.#base.id)}` : path);
  }

  /** The alert above the form, with its "Reload" button named by `reloadKey`, and the conflict panel. */
  alertMarkup(reloadKey) {
    return `
      <wl-conflict-panel></wl-conflict-panel>
      <div class="form-alert" hidden>
        <p class="form-alert-text" role="alert"></p>
        <button type="button" class="button button-secondary" data-action="reload" hidden>
          ${icon("refresh")}<span data-i18n="${reloadKey}"></span>
        </button>
      </div>`;
  }

  /** Cancel and Save at the end of the form. */
  actionsMarkup() {
    return `
      <div class="form-actions">
        <button type="button" class="button button-secondary" data-action="cancel" data-i18n="wish.form.cancel"></button>
        <button type="submit" class="button button-primary" data-i18n="wish.form.save"></button>
      </div>`;
  }

  async #loadThenShow() {
    this.innerHTML = `<div class="wish-form-card" aria-busy="true"><div class="skeleton skeleton-field"></div><div class="skeleton skeleton-field"></div></div>`;
    try {
      this.showForm(await this.constructor.service.load(this.recordId, { signal: this.signal }));
    } catch (error) {
      if (this.signal.aborted) return;
      const panel = document.createElement("wl-error-panel");
      panel.error = error;
      panel.addEventListener("retry", () => this.#loadThenShow());
      this.replaceChildren(panel);
    }
  }

  /** Shows each field's first problem (`[{field, key}]`) next to it, clearing the others; focuses the first. */
  showProblems(problems) {
    for (const field of this.constructor.fields) this.showFieldError(field, problems.find((problem) => problem.field === field) ?? null);
    if (problems.length > 0) this.focusField(problems[0].field);
  }

  focusField(field) {
    this.querySelector(`#${this.constructor.prefix}-${field}`)?.focus();
  }

  showFieldError(field, problem) {
    const { prefix } = this.constructor;
    const message = this.querySelector(`#${prefix}-${field}-error`);
    const input = this.querySelector(`#${prefix}-${field}`);
    if (!message) return;
    message.hidden = !problem;
    setMessage(message, problem ?? {});
    if (!input || input.localName.startsWith("wl-") || input.closest("wl-tag-input")) return; // Such fields mark themselves.
    if (problem) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }

  showAlert(problem, { reload = false } = {}) {
    const box = this.querySelector(".form-alert");
    box.hidden = problem === null;
    setMessage(box.querySelector(".form-alert-text"), problem ?? {});
    box.querySelector('[data-action="reload"]').hidden = !reload;
  }

  /** Puts an error of saving where it belongs: next to the field the server named, or above the form. */
  showServerError(error) {
    const { fields, goneKey } = this.constructor;
    // The server names a place's part ("place.name"); the form has one field for all of it.
    const field = error instanceof ApiError ? error.field?.split(".")[0] : null;
    if (error instanceof ApiError && error.status === 400 && fields.includes(field)) {
      this.showFieldError(field, describe(error));
      this.focusField(field);
    } else if (error instanceof ApiError && error.code === "stale_version") {
      this.#showConflict();
    } else if (error instanceof ApiError && error.status === 404) {
      this.showAlert({ key: goneKey });
    } else {
      this.showAlert(describe(error));
    }
  }

  /** Both versions side by side; the alert with "Reload" only when the latest cannot be read. */
  async #showConflict() {
    let latest;
    try {
      latest = await this.constructor.service.load(this.recordId, { signal: this.signal });
    } catch {
      if (!this.signal.aborted) this.showAlert({ key: this.constructor.staleKey }, { reload: true });
      return;
    }
    const fields = this.conflictFields(latest);
    // Only the version moved on (the same values were saved): save again on top of it.
    if (fields.length === 0) {
      this.resolveConflict(latest, {}, { save: true });
      return;
    }
    const panel = this.querySelector("wl-conflict-panel");
    this.#conflict?.abort();
    this.#conflict = new AbortController();
    panel.addEventListener("resolve", ({ detail }) => this.resolveConflict(latest, detail.values, { save: detail.save }), {
      once: true,
      signal: this.#conflict.signal,
    });
    panel.show(fields);
  }

  setBusy(busy) {
    this.#busy = busy;
    const button = this.querySelector('button[type="submit"]');
    button.toggleAttribute("aria-busy", busy);
    button.dataset.i18n = busy ? "wish.form.saving" : "wish.form.save";
    i18n.localize(button);
  }
}
