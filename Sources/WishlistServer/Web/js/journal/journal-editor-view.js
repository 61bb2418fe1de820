// Write or edit a journal entry (D3): title, day (today in the person's own time zone), an
// optional time, the contents in a text area that grows with them, photos, a place and the
// wishes it mentions. The draft, Save, the conflict panel and Reload are the same as the wish
// editor's (record-editor-view.js).

import { i18n } from "../shell/i18n.js";
import { JOURNAL, PHOTO } from "../common/record-kinds.js";
import { journalService, localDay } from "./journal-service.js";
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
  static path = "/journal";
  static firstField = "title";
  static fields = FIELDS;
  static staleKey = "journal.form.stale";
  static goneKey = "journal.gone.body";

  fieldsMarkup() {
    return `
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
    `;
  }

  wireForm(form) {
    form.elements.contents.addEventListener("input", () => this.#fitContents());
    const picker = this.querySelector("wl-photo-picker");
    picker.addEventListener("placechosen", (event) => {
      this.querySelector("wl-place-field").place = event.detail;
      picker.offerPlace = false;
      this.keepDraft();
    });
  }

  /** The form's values for `entry` as saved (the one being edited), or a new one written today. */
  baseValues(entry = this.base) {
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

  formValues() {
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

  fill(values) {
    const form = this.querySelector("form");
    form.elements.title.value = values.title;
    form.elements.date.value = values.date;
    form.elements.time.value = values.time ?? "";
    form.elements.contents.value = values.contents;
    this.querySelector("wl-place-field").place = values.place;
    this.querySelector("wl-wish-mentions").wishIds = values.wishIds;
    const picker = this.querySelector("wl-photo-picker");
    if (values.photos) picker.photos = values.photos;
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

  valuesToSave() {
    const values = this.formValues();
    const fields = {
      title: values.title.trim(),
      date: values.date,
      time: values.time,
      contents: values.contents,
      place: values.place,
      wishIds: values.wishIds,
    };
    const problems = [];
    const titleLength = length(fields.title);
    if (titleLength === 0) problems.push({ field: "title", key: "validation.title.required" });
    else if (titleLength > LIMITS.title) problems.push({ field: "title", key: "validation.title.long" });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.date)) problems.push({ field: "date", key: "validation.date.required" });
    if (length(fields.contents) > LIMITS.contents) problems.push({ field: "contents", key: "validation.contents.long" });
    const placeProblem = this.querySelector("wl-place-field").problem;
    if (placeProblem) problems.push({ field: "place", key: placeProblem });
    return { fields, problems };
  }

  conflictDescriptors() {
    return [
      { name: "title", labelKey: "journal.form.title", text: (title) => title.trim() },
      { name: "date", labelKey: "journal.form.date", text: (date) => date },
      { name: "time", labelKey: "journal.form.time", text: (time) => time ?? "" },
      { name: "contents", labelKey: "journal.form.contents", text: (contents) => contents.trim() },
      { name: "place", labelKey: "journal.form.place", text: (place) => place?.name ?? "" },
      { name: "wishIds", labelKey: "journal.form.mentions", text: (ids) => (ids.length ? i18n.t("conflict.mentions", { count: ids.length }) : "") },
    ];
  }
}

customElements.define("wl-journal-editor-view", JournalEditorView);
