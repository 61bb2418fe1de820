// What an editor's form holds and has not saved, kept in the browser (localStorage, per person
// and record) at every change until it is saved or discarded, so that a reload, a lost connection,
// Back or a closed tab loses nothing. The editors of wishes and journal entries use it the same
// way: restore the draft over the record with a note saying so (and Discard), keep it as the
// person types, ask before Cancel throws it away, and forget it once saved.

import { ConfirmDialog } from "./confirm-dialog.js";
import { i18n } from "../shell/i18n.js";
import { icon } from "./icons.js";
import { session } from "../accounts/session.js";

/** One record's draft: `kind` names the editor ("wish", "journal"), `recordId` the record (null: a new one). */
export class FormDraft {
  #key;
  #comparable;
  #finished = false;

  /** `comparable(values)`: the values as they are compared with the saved record's (photos by id…). */
  constructor(kind, recordId, { comparable = (values) => values } = {}) {
    this.#key = `wishlist.${kind}Draft.${session.user?.id ?? "anyone"}.${recordId ?? "new"}`;
    this.#comparable = comparable;
  }

  /** Saved or discarded: nothing is left to keep. */
  get finished() {
    return this.#finished;
  }

  /** The kept draft (its values, `version` it started from and `savedAt`), or null. */
  read() {
    try {
      const draft = JSON.parse(localStorage.getItem(this.#key) ?? "null");
      return draft && typeof draft === "object" && typeof draft.savedAt === "string" ? draft : null;
    } catch {
      return null;
    }
  }

  /**
   * Keeps `values` as the draft of the record at `version`, or forgets the draft when they are
   * the record's own (`base`). Returns the draft kept, or null.
   */
  keep(values, base, version) {
    if (this.#finished) return null;
    if (JSON.stringify(this.#comparable(values)) === JSON.stringify(this.#comparable(base))) {
      this.forget();
      return null;
    }
    const draft = { ...values, version: version ?? null, savedAt: new Date().toISOString() };
    try {
      localStorage.setItem(this.#key, JSON.stringify(draft));
    } catch {
      // A full or blocked storage keeps nothing; the form itself still works.
    }
    return draft;
  }

  forget() {
    try {
      localStorage.removeItem(this.#key);
    } catch {
      // Nothing was kept.
    }
  }

  /** The record was saved, or the person chose to leave it: the draft goes and stays gone. */
  finish() {
    this.#finished = true;
    this.forget();
  }

  /**
   * Whether Cancel may leave: at once when there is no draft and nothing else `unsaved` (a photo's
   * crop waiting for Save), else once the person agrees to lose it.
   */
  async confirmDiscard({ unsaved = false } = {}) {
    if (!this.read() && !unsaved) return true;
    return ConfirmDialog.ask({
      titleKey: "draft.discardDialog.title",
      bodyKey: "draft.discardDialog.body",
      confirmKey: "draft.discard",
    });
  }
}

/** The note over a form that says a draft was restored, with Discard (`data-action="discard"`). */
export function draftNoteMarkup() {
  return `
    <div class="draft-note" role="status" hidden>
      ${icon("clock", "icon icon-small")}
      <p class="draft-note-text"></p>
      <button type="button" class="button button-quiet" data-action="discard" data-i18n="draft.discard"></button>
    </div>`;
}

/** Shows the note for `draft` (with the time it was kept), or hides it for null. */
export function showDraftNote(note, draft) {
  note.hidden = draft === null;
  if (!draft) return;
  const text = note.querySelector(".draft-note-text");
  text.dataset.i18n = "draft.restored";
  text.dataset.i18nArgs = JSON.stringify({
    time: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(draft.savedAt)),
  });
  i18n.localize(note);
}
