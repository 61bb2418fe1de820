// Write or edit a journal entry (D3): title, day (today in the person's own time zone), an
// optional time, the contents in a text area that grows with them, photos, a place and the
// wishes it mentions. What is typed is kept in the browser as a draft until it is saved or
// discarded, so a reload or a lost connection loses nothing; a restored draft is said so, with
// a way to discard it (form-draft.js, shared with the wish editor). An edit sends the version it
// started from, so a change made elsewhere meanwhile is shown beside the person's own (the conflict
// panel), not overwritten; a photo's crop or turn is sent with Save.

import { JOURNAL, PHOTO } from "../common/record-kinds.js";
import { bindActions } from "../common/actions.js";
import { draftNoteMarkup, FormDraft, showDraftNote } from "../common/form-draft.js";
import { i18n } from "../shell/i18n.js";
import { journalService, localDay } from "./journal-service.js";
import { describe } from "../common/messages.js";
import { navigation } from "../shell/navigation.js";
import { store } from "../common/store.js";
import { limits } from "../common/limits.js";
import { length, RecordEditorView } from "../common/record-editor-view.js";
import "../photos/photo-picker.js";
import "../places/place-field.js";
import "./wish-mentions.js";

const LIMITS = Object.freeze({ title: limits.journalTitle, contents: limits.journalContents });
const FIELDS = ["title", "date", "time", "contents", "place", "wishIds"];

/** The editor for a new entry, or for the entry in `routeParams.id`. */
export class JournalEditorView extends RecordEditorView {
  static kind = JOURNAL;
  static service = journalService;
  static prefix = "journal";
  static fields = FIELDS;
  static staleKey = "journal.form.stale";
  static goneKey = "journal.gone.body";

  #base = null;
  #draft = null;
  #onPageHide = () => this.#keepDraft();

  get entryId() {
    return this.recordId;
  }

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
    // Leaving without saving or discarding keeps the draft, and the photos it names.
    if (this.#keepDraft()?.photos.length) this.querySelector("wl-photo-picker").keep();
  }

  showForm(entry) {
    this.#base = entry;
    this.#draft = new FormDraft("journal", this.entryId, {
      comparable: (values) => ({ ...values, photos: values.photos.map((photo) => photo.id) }),
    });
    this.innerHTML = `
      <form class="form wish-form-card journal-form" novalidate>
        ${draftNoteMarkup()}
        ${this.alertMarkup("journal.form.reload")}
        <div class="field">
          <label class="field-label" for="journal-title" data-i18n="journal.form.title"></label>
          <input class="input" id="journal-title" name="title" type="text" autocomplete="off" required aria-describedby="journal-title-error">
          <p class="field-error" id="journal-title-error" role="alert" hidden></p>
        </div>
        <div class="field-row">
          <div class="field">
            <label class="field-label" for="journal-date" data-i18n="journal.form.date"></label>
            <input class="input" id="journal-date" name="date" type="date" required aria-describedby="journal-date-error">
            <p class="field-error" id="journal-date-error" role="alert" hidden></p>
          </div>
          <div class="field">
            <label class="field-label" for="journal-time" data-i18n="journal.form.time"></label>
            <input class="input" id="journal-time" name="time" type="time" aria-describedby="journal-time-error">
            <p class="field-error" id="journal-time-error" role="alert" hidden></p>
          </div>
        </div>
        <div class="field">
          <label class="field-label" for="journal-contents" data-i18n="journal.form.contents"></label>
          <textarea class="input textarea journal-contents" id="journal-contents" name="contents" rows="8"
            aria-describedby="journal-contents-error"></textarea>
          <p class="field-error" id="journal-contents-error" role="alert" hidden></p>
        </div>
        <wl-photo-picker max="${limits.journalPhotos}"></wl-photo-picker>
        <div class="field">
          <label class="field-label" for="journal-place" data-i18n="journal.form.place"></label>
          <wl-place-field input-id="journal-place" described-by="journal-place-error"></wl-place-field>
          <p class="field-error" id="journal-place-error" role="alert" hidden></p>
        </div>
        <div class="field">
          <label class="field-label" for="journal-wishIds" data-i18n="journal.form.mentions"></label>
          <wl-wish-mentions input-id="journal-wishIds"></wl-wish-mentions>
          <p class="field-error" id="journal-wishIds-error" role="alert" hidden></p>
        </div>
        ${this.actionsMarkup()}
      </form>`;
    i18n.localize(this);
    const form = this.querySelector("form");
    this.#fill(this.#baseValues());
    const draft = this.#draft.read();
    if (draft) {
      this.#fill(draft);
      showDraftNote(this.querySelector(".draft-note"), draft);
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#save();
    });
    // Every change is kept at once: a reload a second later finds it.
    for (const type of ["input", "change", "placechange", "photoschange"]) form.addEventListener(type, () => this.#keepDraft());
    form.elements.contents.addEventListener("input", () => this.#fitContents());
    const picker = this.querySelector("wl-photo-picker");
    picker.addEventListener("placechosen", (event) => {
      this.querySelector("wl-place-field").place = event.detail;
      picker.offerPlace = false;
      this.#keepDraft();
    });
    bindActions(form, {
      cancel: () => this.#cancel(),
      discard: () => this.#discard(),
      reload: () => this.#reload(),
    });
    if (!entry && !draft) form.elements.title.focus();
  }

  /** The form's values for `entry` as saved (the one being edited), or a new one written today. */
  #baseValues(entry = this.#base) {
    return {
      title: entry?.title ?? "",
      date: entry?.date ?? localDay(),
      time: entry?.time ?? null,
      contents: entry?.contents ?? "",
      photos: entry?.photos ?? [],
      place: entry?.place ?? null,
      wishIds: entry?.wishIds ?? [],
    };
  }

  /** What the form shows now, in the shape of `#baseValues()`. */
  #values() {
    const form = this.querySelector("form");
    return {
      title: form.elements.title.value,
      date: form.elements.date.value,
      time: form.elements.time.value || null,
      contents: form.elements.contents.value,
      photos: this.querySelector("wl-photo-picker").photoIds.map((id) => store.get(PHOTO, id)).filter(Boolean),
      place: this.querySelector("wl-place-field").place,
      wishIds: this.querySelector("wl-wish-mentions").wishIds,
    };
  }

  #fill(values) {
    const form = this.querySelector("form");
    form.elements.title.value = values.title;
    form.elements.date.value = values.date;
    form.elements.time.value = values.time ?? "";
    form.elements.contents.value = values.contents;
    this.querySelector("wl-place-field").place = values.place;
    this.querySelector("wl-wish-mentions").wishIds = values.wishIds;
    const picker = this.querySelector("wl-photo-picker");
    picker.photos = values.photos;
    picker.offerPlace = !values.place;
    requestAnimationFrame(() => this.#fitContents());
  }

  /** The contents' text area grows with what is written, so it never scrolls inside the page. */
  #fitContents() {
    const area = this.querySelector("textarea");
    if (!area) return;
    area.style.height = "auto";
    area.style.height = `${area.scrollHeight + 2}px`;
  }

  /** Keeps what the form shows as the draft, or forgets the draft when nothing differs from the saved entry. */
  #keepDraft() {
    if (!this.querySelector("form") || this.busy) return null;
    return this.#draft.keep(this.#values(), this.#baseValues(), this.#base?.version);
  }

  /** Drops the draft and shows the entry as saved (or an empty new one). */
  #discard() {
    this.#draft.forget();
    this.#fill(this.#baseValues());
    showDraftNote(this.querySelector(".draft-note"), null);
    this.querySelector("form").elements.title.focus();
  }

  async #cancel() {
    const unsaved = this.querySelector("wl-photo-picker").hasEdits;
    if (!(await this.#draft.confirmDiscard({ unsaved }))) return;
    this.#draft.finish();
    this.#leave();
  }

  #problems(fields) {
    const problems = [];
    const titleLength = length(fields.title);
    if (titleLength === 0) problems.push({ field: "title", key: "validation.title.required" });
    else if (titleLength > LIMITS.title) problems.push({ field: "title", key: "validation.title.long" });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.date)) problems.push({ field: "date", key: "validation.date.required" });
    if (length(fields.contents) > LIMITS.contents) problems.push({ field: "contents", key: "validation.contents.long" });
    const placeProblem = this.querySelector("wl-place-field").problem;
    if (placeProblem) problems.push({ field: "place", key: placeProblem });
    return problems;
  }

  async #save() {
    if (this.busy) return;
    this.showAlert(null);
    const values = this.#values();
    const fields = {
      title: values.title.trim(),
      date: values.date,
      time: values.time,
      contents: values.contents,
      place: values.place,
      wishIds: values.wishIds,
    };
    const problems = this.#problems(fields);
    this.showProblems(problems);
    if (problems.length > 0) return;
    this.#keepDraft();
    this.setBusy(true);
    const picker = this.querySelector("wl-photo-picker");
    try {
      await picker.settled();
      fields.photoIds = picker.photoIds;
      // A crop or turn chosen in this edit goes with it.
      await picker.applyEdits();
      const draftVersion = this.#draft.read()?.version;
      if (this.#base) {
        await journalService.update(this.#base.id, fields, draftVersion ?? this.#base.version);
        picker.keep();
        this.#draft.finish();
        this.#leave();
      } else {
        const entry = await journalService.create(fields);
        picker.keep();
        this.#draft.finish();
        navigation.replace(`/journal/${encodeURIComponent(entry.id)}`);
      }
    } catch (error) {
      this.setBusy(false);
      // Offline or refused: the draft is kept, so nothing typed is lost.
      this.#keepDraft();
      this.showServerError(error);
    }
  }

  conflictFields(latest) {
    const mine = this.#values();
    const theirs = this.#baseValues(latest);
    const fields = [
      { name: "title", labelKey: "journal.form.title", text: (title) => title.trim() },
      { name: "date", labelKey: "journal.form.date", text: (date) => date },
      { name: "time", labelKey: "journal.form.time", text: (time) => time ?? "" },
      { name: "contents", labelKey: "journal.form.contents", text: (contents) => contents.trim() },
      { name: "place", labelKey: "journal.form.place", text: (place) => place?.name ?? "" },
      { name: "wishIds", labelKey: "journal.form.mentions", text: (ids) => (ids.length ? i18n.t("conflict.mentions", { count: ids.length }) : "") },
      { name: "photos", labelKey: "photos.label", text: (photos) => (photos.length ? i18n.t("conflict.photos", { count: photos.length }) : "") },
    ];
    const comparable = (name, value) =>
      name === "photos" ? value.map((photo) => photo.id)
        : name === "place" ? value && [value.name, value.latitude, value.longitude]
          : typeof value === "string" ? value.trim() : value;
    return fields
      .filter((field) => JSON.stringify(comparable(field.name, mine[field.name])) !== JSON.stringify(comparable(field.name, theirs[field.name])))
      .map((field) => ({ ...field, mine: mine[field.name], theirs: theirs[field.name] }));
  }

  resolveConflict(latest, values, { save }) {
    this.#base = latest;
    this.#fill({ ...this.#values(), ...values });
    // The draft now starts from the latest version.
    this.#draft.forget();
    this.#keepDraft();
    this.showAlert(null);
    if (save) this.#save();
    else this.querySelector("form").elements.title.focus();
  }

  /** Takes the entry as it is now on the server, dropping the draft (the person chose this). */
  async #reload() {
    try {
      this.#base = await journalService.load(this.#base.id, { signal: this.signal });
      this.#discard();
      this.showAlert(null);
    } catch (error) {
      if (!this.signal.aborted) this.showAlert(describe(error), { reload: true });
    }
  }

  #leave() {
    navigation.back(this.#base ? `/journal/${encodeURIComponent(this.#base.id)}` : "/journal");
  }
}

customElements.define("wl-journal-editor-view", JournalEditorView);
