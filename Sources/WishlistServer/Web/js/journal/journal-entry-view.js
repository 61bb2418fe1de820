// One journal entry with everything on it (D1–D3): its day, the heart in its header, the
// photos in the same swipe gallery and viewer as wishes, what was written, the place and the
// wishes it mentions (links to them), Edit and Delete.

import { JOURNAL, WISH } from "../common/record-kinds.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { formatEntryDay } from "./journal-format.js";
import { journalService } from "./journal-service.js";
import { store } from "../common/store.js";
import { wishService } from "../wishes/wish-service.js";
import { RecordDetailView } from "../common/record-detail-view.js";
import "./heart-button.js";
import "../photos/photo-gallery.js";
import "../places/place-section.js";

/** The screen of the entry in `routeParams.id`. */
export class JournalEntryView extends RecordDetailView {
  static kind = JOURNAL;
  static service = journalService;
  static gone = { icon: "journal", titleKey: "journal.gone.title", bodyKey: "journal.gone.body", href: "#/journal", actionKey: "journal.gone.action" };
  static listPath = "/journal";

  #asked = new Set();
  #unsubscribeWishes = null;

  connectedCallback() {
    super.connectedCallback();
    // A mentioned wish renamed or loaded shows its new name.
    this.#unsubscribeWishes = store.subscribe(({ kind, ids }) => {
      const entry = store.get(JOURNAL, this.recordId);
      if (kind === WISH && entry?.wishIds.some((id) => ids.includes(id))) this.#renderMentions(entry);
    });
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.#unsubscribeWishes?.();
  }

  loadingMarkup() {
    return `
      <div class="wish-detail journal-entry is-loading" aria-busy="true">
        <div class="skeleton skeleton-line"></div>
        <div class="skeleton skeleton-line"></div>
        <div class="skeleton skeleton-line skeleton-short"></div>
      </div>`;
  }

  render(entry) {
    if (!this.querySelector(".journal-entry:not(.is-loading)")) this.#build();
    this.dispatchEvent(new CustomEvent("wl-title", { bubbles: true, detail: entry.title }));
    const date = this.querySelector(".journal-entry-date");
    date.dateTime = entry.time ? `${entry.date}T${entry.time}` : entry.date;
    date.textContent = formatEntryDay(entry, { long: true });
    this.querySelector("wl-photo-gallery").photos = entry.photos ?? [];
    const contents = this.querySelector(".journal-entry-contents");
    contents.textContent = entry.contents;
    contents.hidden = entry.contents.trim().length === 0;
    this.querySelector("wl-place-section").place = entry.place ?? null;
    this.#renderMentions(entry);
  }

  #build() {
    const id = encodeURIComponent(this.recordId);
    this.innerHTML = `
      <article class="wish-detail journal-entry">
        <header class="journal-entry-head">
          ${icon("clock", "icon icon-small")}
          <time class="journal-entry-date"></time>
          <wl-heart-button class="journal-entry-heart"></wl-heart-button>
        </header>
        <wl-photo-gallery class="wish-detail-gallery" hidden></wl-photo-gallery>
        <div class="wish-detail-body">
          <p class="journal-entry-contents"></p>
          <wl-place-section class="wish-detail-place"></wl-place-section>
          <section class="journal-entry-mentions" aria-labelledby="journal-mentions-title" hidden>
            <h2 class="section-title" id="journal-mentions-title" data-i18n="journal.mentions"></h2>
            <ul class="journal-mention-list"></ul>
          </section>
          <div class="wish-detail-actions">
            <a class="button button-secondary" href="#/journal/${id}/edit">${icon("edit")}<span data-i18n="journal.edit"></span></a>
            <button type="button" class="button button-danger-quiet" data-action="delete">${icon("trash")}<span data-i18n="journal.delete"></span></button>
          </div>
        </div>
      </article>`;
    this.querySelector("wl-heart-button").setAttribute("record-id", this.recordId);
    this.querySelector('[data-action="delete"]').addEventListener("click", () => {
      this.confirmDelete({
        titleKey: "journal.deleteDialog.title",
        bodyKey: "journal.deleteDialog.body",
        confirmKey: "journal.delete",
        args: { title: store.get(JOURNAL, this.recordId)?.title },
        failedKey: "journal.deleteFailed",
      });
    });
    i18n.localize(this);
  }

  /** The mentioned wishes as links, by name; a wish not in the store yet is asked for once. */
  #renderMentions(entry) {
    const section = this.querySelector(".journal-entry-mentions");
    if (!section) return;
    const wishes = entry.wishIds.map((id) => store.get(WISH, id)).filter(Boolean);
    for (const id of entry.wishIds) {
      if (!store.get(WISH, id) && !this.#asked.has(id)) {
        this.#asked.add(id);
        wishService.load(id).catch(() => {}); // A wish deleted since is simply not listed.
      }
    }
    section.hidden = wishes.length === 0;
    section.querySelector("ul").replaceChildren(
      ...wishes.map((wish) => {
        const item = document.createElement("li");
        item.innerHTML = `<a class="journal-mention">${icon("wishes", "icon icon-small")}<span></span></a>`;
        item.firstChild.href = `#/wishes/${encodeURIComponent(wish.id)}`;
        item.querySelector("span").textContent = wish.name;
        return item;
      }),
    );
  }
}

customElements.define("wl-journal-entry-view", JournalEntryView);
