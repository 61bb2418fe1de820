// What the editors of a record (a wish, a journal entry) share around their own fields: the
// record loaded first when the editor was opened directly, a field's error shown next to it,
// the alert above the form, the conflict panel after a change made elsewhere (both versions, field
// by field; "Reload" when the latest cannot be read), the busy Save button, and the server's
// complaints put where they belong.

import { ApiError } from "./api.js";
import { i18n } from "../shell/i18n.js";
import { icon } from "./icons.js";
import { describe, setMessage } from "./messages.js";
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

/** The editor of a new record, or of the one in `routeParams.id`; subclasses draw the form in `showForm(record)`. */
export class RecordEditorView extends HTMLElement {
  /**
   * `kind` and `service` (with `load(id, {signal})`) of the record; `prefix`: the start of the
   * form's ids (`${prefix}-${field}`, `${prefix}-${field}-error`); `fields`: the fields the server
   * may name in a 400; `staleKey` and `goneKey`: the alerts after a 412 and a 404.
   */
  static kind = "";
  static service = null;
  static prefix = "";
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

  get recordId() {
    return this.routeParams.id ?? null;
  }

  /** Aborted when the editor goes away. */
  get signal() {
    return this.#abort.signal;
  }

  get busy() {
    return this.#busy;
  }

  /** The editor's FormDraft, once its form is shown; subclasses give theirs. */
  get draft() {
    return null;
  }

  connectedCallback() {
    RecordEditorView.#onScreen.add(this);
    const held = this.recordId ? store.get(this.constructor.kind, this.recordId) : null;
    if (!this.recordId || held) this.showForm(held ?? null);
    else this.#loadThenShow();
  }

  disconnectedCallback() {
    RecordEditorView.#onScreen.delete(this);
    this.#abort.abort();
  }

  /** Draws the form for `record` (null for a new one). */
  showForm(record) {}

  /**
   * After a 409, the fields that differ between the form and `latest` (the record as saved now),
   * as the conflict panel takes them: `[{name, labelKey, mine, theirs, text(value)}]`.
   */
  conflictFields(latest) {
    return [];
  }

  /** The person chose in the conflict panel: `values` by field name, on top of `latest`; `save` to save them. */
  resolveConflict(latest, values, { save }) {}

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
