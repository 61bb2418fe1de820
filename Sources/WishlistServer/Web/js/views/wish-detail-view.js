// One wish with everything on it (W4): cover, star, tags, memo, the link
// (opened in a new tab by the arrow button), the place on a small map (W10), the journal
// entries that mention it, dates, Edit and Delete. It shows
// the store's record at once, asks the server for the latest, and follows the
// store from then on (W15).

import { renderTags } from "../components/wish-card.js";
import { icon } from "../icons.js";
import { i18n } from "../i18n.js";
import { store } from "../store.js";
import { WISH, wishService } from "../wish-service.js";
import { JOURNAL, journalOrder, journalService } from "../journal-service.js";
import { PAGE_SIZE, RecordList } from "../record-list.js";
import { RecordDetailView } from "./record-detail-view.js";
import "../components/journal-card.js";
import "../components/record-grid.js";
import "../components/photo-gallery.js";
import "../components/place-section.js";
import "../components/star-button.js";
import "../components/wish-cover.js";

const SAFE_LINK = /^https?:\/\//i;

/** The detail screen of the wish in `routeParams.id`. */
export class WishDetailView extends RecordDetailView {
  #journal = null;
  static kind = WISH;
  static service = wishService;
  static gone = { icon: "wishes", titleKey: "wish.gone.title", bodyKey: "wish.gone.body", href: "#/wishes", actionKey: "notFound.action" };
  static listPath = "/wishes";

  get wishId() {
    return this.recordId;
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.#journal?.dispose();
  }

  /** The journal entries that mention this wish, newest first; the section shows once there are some. */
  #showJournal() {
    const wishId = this.wishId;
    this.#journal?.dispose();
    this.#journal = new RecordList({
      kind: JOURNAL,
      sortKey: journalOrder,
      fetchPage: (cursor, options) => journalService.mentioning(wishId, { limit: PAGE_SIZE }, cursor, options),
      matches: (entry) => entry.wishIds.includes(wishId),
    });
    const section = this.querySelector(".wish-detail-journal");
    this.#journal.addEventListener("change", () => {
      section.hidden = this.#journal.ids.length === 0;
    });
    section.querySelector("wl-record-grid").list = this.#journal;
  }

  loadingMarkup() {
    return `
      <div class="wish-detail is-loading" aria-busy="true">
        <div class="skeleton wish-detail-cover"></div>
        <div class="skeleton skeleton-line"></div>
        <div class="skeleton skeleton-line skeleton-short"></div>
      </div>`;
  }

  render(wish) {
    if (!this.querySelector(".wish-detail:not(.is-loading)")) this.#build();
    this.dispatchEvent(new CustomEvent("wl-title", { bubbles: true, detail: wish.name }));

    this.querySelector("wl-wish-cover").wish = wish;
    // With photos, the gallery takes the cover's place.
    this.querySelector("wl-photo-gallery").photos = wish.photos ?? [];
    this.querySelector("wl-wish-cover").hidden = (wish.photos ?? []).length > 0;
    renderTags(this.querySelector(".wish-detail-tags"), wish.tags);

    const memo = this.querySelector(".wish-detail-memo");
    memo.hidden = !wish.memo;
    memo.textContent = wish.memo ?? "";

    const linkRow = this.querySelector(".wish-detail-link");
    const link = wish.link && SAFE_LINK.test(wish.link) ? wish.link : null;
    linkRow.hidden = link === null;
    if (link) {
      linkRow.querySelector(".wish-detail-link-text").textContent = displayLink(link);
      linkRow.querySelector("a").href = link;
    }

    this.querySelector("wl-place-section").place = wish.place ?? null;

    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
    const dates = this.querySelector(".wish-detail-dates");
    dates.textContent = i18n.t("wish.dates", {
      created: format.format(new Date(wish.createdAt)),
      updated: format.format(new Date(wish.updatedAt)),
    });
  }

  #build() {
    const id = encodeURIComponent(this.wishId);
    this.innerHTML = `
      <article class="wish-detail">
        <div class="wish-detail-media">
          <wl-photo-gallery class="wish-detail-gallery" hidden></wl-photo-gallery>
          <wl-wish-cover class="wish-cover wish-detail-cover" size="large"></wl-wish-cover>
          <wl-star-button class="wish-detail-star"></wl-star-button>
        </div>
        <div class="wish-detail-body">
          <ul class="tag-list wish-detail-tags" data-i18n-attr="aria-label:wish.tags"></ul>
          <p class="wish-detail-memo"></p>
          <div class="wish-detail-link">
            ${icon("link", "icon icon-small")}
            <span class="wish-detail-link-text"></span>
            <a class="icon-button icon-button-accent" target="_blank" rel="noopener noreferrer"
              data-i18n-attr="aria-label:wish.openLink;title:wish.openLink">${icon("external")}</a>
          </div>
          <wl-place-section class="wish-detail-place"></wl-place-section>
          <section class="wish-detail-journal" aria-labelledby="wish-journal-title" hidden>
            <h2 class="section-title" id="wish-journal-title" data-i18n="journal.forWish"></h2>
            <wl-record-grid label="journal.forWish" card="wl-journal-card"></wl-record-grid>
          </section>
          <p class="wish-detail-dates"></p>
          <div class="wish-detail-actions">
            <a class="button button-secondary" href="#/wishes/${id}/edit">${icon("edit")}<span data-i18n="wish.edit"></span></a>
            <button type="button" class="button button-danger-quiet" data-action="delete">${icon("trash")}<span data-i18n="wish.delete"></span></button>
          </div>
        </div>
      </article>`;
    this.querySelector("wl-star-button").setAttribute("record-id", this.wishId);
    this.#showJournal();
    this.querySelector('[data-action="delete"]').addEventListener("click", () => {
      const wish = store.get(WISH, this.wishId);
      this.confirmDelete({
        titleKey: "wish.deleteDialog.title",
        bodyKey: "wish.deleteDialog.body",
        confirmKey: "wish.delete",
        args: { name: wish?.name },
        failedKey: "wish.deleteFailed",
      });
    });
    i18n.localize(this);
  }
}

/** The link without its scheme and trailing slash: what a person recognises at a glance. */
function displayLink(link) {
  return link.replace(/^https?:\/\/(www\.)?/i, "").replace(/\/$/, "");
}

customElements.define("wl-wish-detail-view", WishDetailView);
