// One journal entry in a list (D1): its first photo, title, day (and a note such as its
// distance on "Near me"), the first lines of what was written, its heart, and "Waiting to send" while offline changes wait. It draws itself from the store and updates in place when
// that entry changes (W15), in the Journal tab, search results and a wish's detail alike.

import { JOURNAL } from "../common/record-kinds.js";
import { i18n } from "../shell/i18n.js";
import { formatEntryDay } from "./journal-format.js";
import { store } from "../common/store.js";
import "../offline/outbox-badge.js";
import "./heart-button.js";

/** The card of the entry in its `record-id` attribute (a card of wl-record-grid). */
export class JournalCard extends HTMLElement {
  /** The grid's skeletons while cards come: rows of text, no cover. */
  static skeleton = "row";
  #unsubscribe = null;
  #onLanguageChange = () => this.#update();
  #note = null;

  /** A short line beside the day, such as the distance on "Near me"; null for none. */
  set note(text) {
    this.#note = text;
    this.#showNote();
  }

  get entryId() {
    return this.getAttribute("record-id");
  }

  connectedCallback() {
    if (!this.firstChild) {
      this.innerHTML = `
        <article class="journal-card">
          <a class="journal-card-link" href="#/journal/${encodeURIComponent(this.entryId)}">
            <span class="journal-card-photo" aria-hidden="true" hidden><img alt="" loading="lazy" decoding="async"></span>
            <span class="journal-card-text">
              <h3 class="journal-card-title"></h3>
              <time class="journal-card-date"></time>
              <span class="journal-card-note" hidden></span>
              <span class="journal-card-excerpt"></span>
            </span>
          </a>
          <wl-outbox-badge class="card-outbox-badge"></wl-outbox-badge>
          <wl-heart-button class="journal-card-heart"></wl-heart-button>
        </article>`;
      this.querySelector("wl-heart-button").setAttribute("record-id", this.entryId);
      this.querySelector("wl-outbox-badge").setAttribute("record-id", this.entryId);
    }
    this.#unsubscribe = store.subscribe(({ kind, ids }) => {
      if (kind === JOURNAL && ids.includes(this.entryId)) this.#update();
    });
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#update();
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
    i18n.removeEventListener("change", this.#onLanguageChange);
  }

  #update() {
    const entry = store.get(JOURNAL, this.entryId);
    if (!entry) return;
    this.querySelector(".journal-card-title").textContent = entry.title;
    const date = this.querySelector(".journal-card-date");
    date.dateTime = entry.time ? `${entry.date}T${entry.time}` : entry.date;
    date.textContent = formatEntryDay(entry);
    const excerpt = this.querySelector(".journal-card-excerpt");
    excerpt.textContent = entry.contents.trim();
    excerpt.hidden = excerpt.textContent.length === 0;
    const photo = entry.photos?.[0];
    const frame = this.querySelector(".journal-card-photo");
    frame.hidden = !photo;
    const source = photo?.urls?.thumb ?? photo?.urls?.medium;
    if (source && frame.firstElementChild.getAttribute("src") !== source) frame.firstElementChild.src = source;
    this.#showNote();
  }

  #showNote() {
    const note = this.querySelector(".journal-card-note");
    if (!note) return;
    note.hidden = !this.#note;
    note.textContent = this.#note ?? "";
  }
}

customElements.define("wl-journal-card", JournalCard);
