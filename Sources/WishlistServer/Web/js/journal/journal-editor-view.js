// Write or edit a journal entry (D3): title, day (today in the person's own time zone), an
// optional time, the contents in a text area that grows with them, photos, a place and the
// wishes it mentions. What is typed is kept in the browser as a draft until it is saved or
// discarded, so a reload or a lost connection loses nothing; a restored draft is said so, with
// a way to discard it. An edit sends the version it started from, so a change made elsewhere
// meanwhile is reported, not overwritten.

import { JOURNAL, PHOTO } from "../common/record-kinds.js";
import { bindActions } from "../common/actions.js";
import { ConfirmDialog } from "../common/confirm-dialog.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { journalService, localDay } from "./journal-service.js";
import { describe } from "../common/messages.js";
import { navigation } from "../shell/navigation.js";
import { session } from "../accounts/session.js";
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
  /** Saved or discarded: nothing is left to keep as a draft. */
  #finished = false;
  #onPageHide = () => this.#keepDraft();

  get entryId() {
    return this.recordId;
  }

  /** Where the draft of this entry (or of a new one) is kept, per person. */
  get #draftKey() {
    return `wishlist.journalDraft.${session.user?.id ?? "anyone"}.${this.entryId ?? "new"}`;
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
    this.innerHTML = `
      <form class="form wish-form-card journal-form" novalidate>
        <div class="draft-note" role="status" hidden>
          ${icon("clock", "icon icon-small")}
          <p class="draft-note-text"></p>
          <button type="button" class="button button-quiet" data-action="discard" data-i18n="journal.draft.discard"></button>
        </div>
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
    const draft = this.#readDraft();
    if (draft) {
      this.#fill(draft);
      this.#showDraftNote(draft);
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

  /** The form's values for the entry as saved (or a new one written today). */
  #baseValues() {
    const entry = this.#base;
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

  #readDraft() {
    try {
      const draft = JSON.parse(localStorage.getItem(this.#draftKey) ?? "null");
      return draft && typeof draft.title === "string" ? draft : null;
    } catch {
      return null;
    }
  }

  /** Keeps what the form shows as the draft, or forgets the draft when nothing differs from the saved entry. */
  #keepDraft() {
    if (!this.querySelector("form") || this.busy || this.#finished) return null;
    const values = this.#values();
    const base = this.#baseValues();
    const same = JSON.stringify({ ...values, photos: values.photos.map((photo) => photo.id) }) ===
      JSON.stringify({ ...base, photos: base.photos.map((photo) => photo.id) });
    if (same) {
      this.#forgetDraft();
      return null;
    }
    const draft = { ...values, version: this.#base?.version ?? null, savedAt: new Date().toISOString() };
    try {
      localStorage.setItem(this.#draftKey, JSON.stringify(draft));
    } catch {
      // A full or blocked storage keeps nothing; the form itself still works.
    }
    return draft;
  }

  #finish() {
    this.#finished = true;
    this.#forgetDraft();
  }

  #forgetDraft() {
    try {
      localStorage.removeItem(this.#draftKey);
    } catch {
      // Nothing was kept.
    }
  }

  #showDraftNote(draft) {
    const note = this.querySelector(".draft-note");
    note.hidden = draft === null;
    if (!draft) return;
    const text = note.querySelector(".draft-note-text");
    text.dataset.i18n = "journal.draft.restored";
    text.dataset.i18nArgs = JSON.stringify({
      time: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(draft.savedAt)),
    });
    i18n.localize(note);
  }

  /** Drops the draft and shows the entry as saved (or an empty new one). */
  #discard() {
    this.#forgetDraft();
    this.#fill(this.#baseValues());
    this.#showDraftNote(null);
    this.querySelector("form").elements.title.focus();
  }

  async #cancel() {
    if (this.#readDraft()) {
      const confirmed = await ConfirmDialog.ask({
        titleKey: "journal.draft.discardDialog.title",
        bodyKey: "journal.draft.discardDialog.body",
        confirmKey: "journal.draft.discard",
      });
      if (!confirmed) return;
      this.#forgetDraft();
    }
    this.#finished = true;
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
      const draftVersion = this.#readDraft()?.version;
      if (this.#base) {
        await journalService.update(this.#base.id, fields, draftVersion ?? this.#base.version);
        picker.keep();
        this.#finish();
        this.#leave();
      } else {
        const entry = await journalService.create(fields);
        picker.keep();
        this.#finish();
        navigation.replace(`/journal/${encodeURIComponent(entry.id)}`);
      }
    } catch (error) {
      this.setBusy(false);
      // Offline or refused: the draft is kept, so nothing typed is lost.
      this.#keepDraft();
      this.showServerError(error);
    }
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
