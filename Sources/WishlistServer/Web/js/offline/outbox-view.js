// The outbox screen (`#/outbox`): every change still waiting for the server, oldest first, with
// what became of it. Waiting ones can be sent now or given up; one that met a newer version
// saved elsewhere (412) shows both versions side by side (the conflict panel) for the person to
// choose; one the server refused for good shows the server's words, and can be opened in its
// editor again (as a draft) or discarded.

import { JOURNAL, PHOTO, WISH } from "../common/record-kinds.js";
import { ApiError } from "../common/api.js";
import { bindActions } from "../common/actions.js";
import { ConfirmDialog } from "../common/confirm-dialog.js";
import { describe, setMessage } from "../common/messages.js";
import { FormDraft } from "../common/form-draft.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { navigation } from "../shell/navigation.js";
import { store } from "../common/store.js";
import { outbox } from "./outbox.js";
import { conflictFields } from "./outbox-conflict.js";
import { isLocalId, showLatest } from "./outbox-writes.js";
import "../common/conflict-panel.js";

/** Where a record's editor is, the name its drafts are kept under, and its form's values when empty, by kind. */
const EDITORS = Object.freeze({
  [WISH]: { draft: "wish", path: "/wishes", empty: { name: "", memo: "", link: "", favorite: false, tags: [], place: null } },
  [JOURNAL]: { draft: "journal", path: "/journal", empty: { title: "", date: "", time: null, contents: "", place: null, wishIds: [] } },
});

/** `<wl-outbox-view>`: the writes of the outbox, each with what can be done about it. */
export class OutboxView extends HTMLElement {
  #onChange = () => this.#render();
  #comparing = null;

  connectedCallback() {
    outbox.addEventListener("change", this.#onChange);
    i18n.addEventListener("change", this.#onChange);
    this.#render();
  }

  disconnectedCallback() {
    outbox.removeEventListener("change", this.#onChange);
    i18n.removeEventListener("change", this.#onChange);
  }

  #render() {
    // A conflict being compared stays as it is until the person chooses.
    if (this.#comparing && outbox.writes.some((write) => write.seq === this.#comparing)) return;
    this.#comparing = null;
    const writes = outbox.writes;
    this.innerHTML = `
      <section class="outbox-view">
        <p class="outbox-intro" data-i18n="${writes.length ? "outbox.intro" : "outbox.empty"}"></p>
        ${writes.length ? `<button type="button" class="button button-secondary outbox-send" data-action="send">${icon("refresh")}<span data-i18n="outbox.sendNow"></span></button>` : ""}
        <ol class="outbox-list">${writes.map((write) => this.#itemMarkup(write)).join("")}</ol>
      </section>`;
    i18n.localize(this);
    for (const write of writes) {
      const item = this.querySelector(`[data-seq="${write.seq}"]`);
      item.querySelector(".outbox-item-name").textContent = nameOf(write);
      if (write.state === "failed") setMessage(item.querySelector(".outbox-item-problem"), describe(asError(write.error)));
      bindActions(item, {
        discard: () => this.#discard(write),
        edit: () => this.#edit(write),
        compare: () => this.#compare(write, item),
      });
    }
    bindActions(this.querySelector(".outbox-view"), { send: () => outbox.drain() });
  }

  #itemMarkup(write) {
    // A create can always be written again; an edit only while its record is still there.
    const editable = write.state === "failed" && EDITORS[write.kind]
      && (write.action === "create" || (write.action === "update" && write.error?.status !== 404));
    return `
      <li class="outbox-item is-${write.state}" data-seq="${write.seq}">
        <p class="outbox-item-what"><span data-i18n="outbox.action.${write.kind}.${write.action}"></span>
          <span class="outbox-item-name"></span></p>
        <p class="outbox-item-state" data-i18n="outbox.state.${write.state}"></p>
        ${write.state === "failed" ? `<p class="outbox-item-problem" role="alert"></p>` : ""}
        <wl-conflict-panel></wl-conflict-panel>
        <div class="outbox-item-actions">
          ${write.state === "conflict" ? `<button type="button" class="button button-primary" data-action="compare" data-i18n="outbox.compare"></button>` : ""}
          ${editable ? `<button type="button" class="button button-secondary" data-action="edit" data-i18n="outbox.edit"></button>` : ""}
          <button type="button" class="button button-secondary" data-action="discard" data-i18n="outbox.discard"></button>
        </div>
      </li>`;
  }

  async #discard(write) {
    const sure = await ConfirmDialog.ask({ titleKey: "outbox.discardDialog.title", bodyKey: "outbox.discardDialog.body", confirmKey: "outbox.discard" });
    if (sure) await outbox.discard(write);
  }

  /** Both versions of a record whose change met a newer one; the person's choice is sent on top of the newer. */
  async #compare(write, item) {
    let latest;
    try {
      latest = await showLatest(write.kind, write.id);
    } catch (error) {
      setMessage(item.querySelector(".outbox-item-state"), describe(error));
      return;
    }
    if (!latest) {
      setMessage(item.querySelector(".outbox-item-state"), { key: "outbox.gone" });
      return;
    }
    const fields = conflictFields(write.kind, write.body, latest);
    if (fields.length === 0) {
      await outbox.retry(write, { body: write.body, version: latest.version });
      return;
    }
    this.#comparing = write.seq;
    const panel = item.querySelector("wl-conflict-panel");
    panel.addEventListener("resolve", ({ detail }) => {
      this.#comparing = null;
      if (detail.save) outbox.retry(write, { body: { ...write.body, ...detail.values }, version: latest.version });
      else outbox.discard(write);
    }, { once: true });
    item.querySelector(".outbox-item-actions").hidden = true;
    panel.show(fields);
  }

  /** Opens the record's editor with this change as its draft, in place of the refused write. */
  async #edit(write) {
    const editor = EDITORS[write.kind];
    const recordId = write.action === "create" ? null : write.id;
    const { photoIds = [], ...fields } = write.body;
    // The form shows "" where the API has null (a memo, a link left empty).
    const given = Object.fromEntries(Object.entries(fields).filter(([name, value]) => value !== null || editor.empty[name] === null));
    const values = { ...editor.empty, ...given, photos: photoIds.map((id) => store.get(PHOTO, id)).filter(Boolean) };
    new FormDraft(editor.draft, recordId).keep(values, {}, write.action === "create" ? null : write.version);
    await outbox.discard(write, { keepPhotos: true });
    navigation.replace(recordId && !isLocalId(recordId) ? `${editor.path}/${encodeURIComponent(recordId)}/edit` : `${editor.path}/new`);
  }
}

/** What the person called the record a write is about, as far as the page knows. */
function nameOf(write) {
  const record = store.get(write.kind, write.id);
  return write.body?.name ?? write.body?.title ?? record?.name ?? record?.title ?? write.fileName ?? "";
}

/** The error a held write keeps, as an ApiError again, so it is described like any other. */
function asError({ status, code, message, field }) {
  return new ApiError(status, code, message, field);
}

customElements.define("wl-outbox-view", OutboxView);
