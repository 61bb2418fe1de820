// One wish with everything on it (W4): cover, star, tags (each with "Share", X7), memo, the link with its site's name
// and icon (opened in a new tab by the arrow button), the price seen on it with its change since
// the first price and its history, checked again on request (X10), the place on a small map (W10), the journal
// entries that mention it, dates, Edit and Delete. It shows
// the store's record at once, asks the server for the latest, and follows the
// store from then on (W15).

import { JOURNAL, WISH } from "../common/record-kinds.js";
import { renderShareableTags } from "../sharing/tag-share.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { linkService } from "../links/link-service.js";
import { describe, setMessage } from "../common/messages.js";
import { formatPrice, formatShortDay, priceChange } from "../links/price-format.js";
import { store } from "../common/store.js";
import { wishService } from "./wish-service.js";
import { journalOrder, journalService } from "../journal/journal-service.js";
import { PAGE_SIZE, RecordList } from "../common/record-list.js";
import { RecordDetailView } from "../common/record-detail-view.js";
import { showImage } from "../links/link-preview.js";
import "../journal/journal-card.js";
import "../common/record-grid.js";
import "../photos/photo-gallery.js";
import "../places/place-section.js";
import "./star-button.js";
import "./wish-cover.js";

const SAFE_LINK = /^https?:\/\//i;

/** The detail screen of the wish in `routeParams.id`. */
export class WishDetailView extends RecordDetailView {
  #journal = null;
  #titleWatch = null;
  // The link whose site (name and icon) is shown or on its way, so each link is asked about once.
  #siteOf = null;
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
    this.#titleWatch?.disconnect();
  }

  /**
   * The page's title shows two lines of a long name: then the whole name shows above the details
   * too (for the eyes only: the heading already gives a screen reader all of it). Checked again
   * whenever the title's box changes, as on turning a phone.
   */
  #showWholeName(name) {
    const whole = this.querySelector(".wish-detail-name");
    whole.textContent = name;
    const title = document.querySelector(".page-title");
    if (!title) return;
    const check = () => {
      whole.hidden = title.scrollHeight <= title.clientHeight + 1;
    };
    this.#titleWatch?.disconnect();
    this.#titleWatch = new ResizeObserver(check);
    this.#titleWatch.observe(title);
    check();
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
    this.#showWholeName(wish.name);

    this.querySelector("wl-wish-cover").wish = wish;
    // With photos, the gallery takes the cover's place.
    this.querySelector("wl-photo-gallery").photos = wish.photos ?? [];
    this.querySelector("wl-wish-cover").hidden = (wish.photos ?? []).length > 0;
    renderShareableTags(this.querySelector(".wish-detail-tags"), wish.tags);

    const memo = this.querySelector(".wish-detail-memo");
    memo.hidden = !wish.memo;
    memo.textContent = wish.memo ?? "";

    const linkRow = this.querySelector(".wish-detail-link");
    const link = wish.link && SAFE_LINK.test(wish.link) ? wish.link : null;
    linkRow.hidden = link === null;
    if (link) {
      linkRow.querySelector(".wish-detail-link-text").textContent = displayLink(link);
      linkRow.querySelector("a").href = link;
      this.#showSite(link);
    }
    this.#showPrice(wish, link !== null);

    this.querySelector("wl-place-section").place = wish.place ?? null;

    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
    const dates = this.querySelector(".wish-detail-dates");
    dates.textContent = i18n.t("wish.dates", {
      created: format.format(new Date(wish.createdAt)),
      updated: format.format(new Date(wish.updatedAt)),
    });
  }

  /** The site's name and icon beside the link, from its preview (the server keeps previews a day). */
  async #showSite(link, { again = false } = {}) {
    if (this.#siteOf === link && !again) return;
    this.#siteOf = link;
    const site = this.querySelector(".wish-detail-site");
    const favicon = this.querySelector(".link-favicon");
    let page = null;
    try {
      page = await linkService.preview(link);
    } catch {
      // The page cannot be reached now: the link itself still shows, with the plain link icon.
    }
    if (this.#siteOf !== link || !this.isConnected) return;
    site.textContent = page?.siteName ?? "";
    site.hidden = !page?.siteName;
    showImage(favicon, page?.favicon ?? null);
  }

  /** The latest price, its change since the first one seen, and every price seen, newest first. */
  #showPrice(wish, hasLink) {
    const section = this.querySelector(".wish-price");
    const history = wish.priceHistory ?? [];
    section.hidden = !hasLink && history.length === 0;
    this.querySelector('[data-action="refresh-price"]').hidden = !hasLink;
    const now = this.querySelector(".wish-price-now");
    if (history.length > 0) {
      now.textContent = formatPrice(history[0]);
      delete now.dataset.i18n;
    } else {
      setMessage(now, { key: "price.none" });
    }
    const change = priceChange(history);
    const changeLine = this.querySelector(".wish-price-change");
    changeLine.hidden = change === null;
    if (change) {
      changeLine.dataset.i18n = "price.change";
      changeLine.dataset.i18nArgs = JSON.stringify(change);
      changeLine.classList.toggle("is-lower", Number(history[0].amount) < Number(history[history.length - 1].amount));
      i18n.localize(changeLine);
    }
    const details = this.querySelector(".wish-price-history");
    details.hidden = history.length < 2;
    const summary = details.querySelector("summary");
    summary.dataset.i18nArgs = JSON.stringify({ count: history.length });
    i18n.localize(summary);
    details.querySelector("ol").replaceChildren(
      ...history.map((point) => {
        const item = document.createElement("li");
        const day = document.createElement("span");
        day.textContent = formatShortDay(point.seenAt);
        const price = document.createElement("span");
        price.className = "wish-price-point";
        price.textContent = formatPrice(point);
        item.append(day, price);
        return item;
      }),
    );
  }

  /** Fetches the link again; a new price joins the history and shows everywhere through the store. */
  async #refreshPrice(button) {
    if (button.hasAttribute("aria-busy")) return;
    const problem = this.querySelector(".wish-price-problem");
    problem.hidden = true;
    button.setAttribute("aria-busy", "true");
    try {
      const wish = await linkService.refresh(this.wishId);
      if (wish.link) this.#showSite(wish.link, { again: true });
    } catch (error) {
      if (!this.isConnected) return;
      setMessage(problem, describe(error));
      problem.hidden = false;
    } finally {
      button.removeAttribute("aria-busy");
    }
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
          <p class="wish-detail-name" aria-hidden="true" hidden></p>
          <ul class="tag-list wish-detail-tags" data-i18n-attr="aria-label:wish.tags"></ul>
          <p class="wish-detail-memo"></p>
          <div class="wish-detail-link">
            <img class="link-favicon" alt="" hidden>
            ${icon("link", "icon icon-small wish-detail-link-icon")}
            <span class="wish-detail-link-lines">
              <span class="wish-detail-site" hidden></span>
              <span class="wish-detail-link-text"></span>
            </span>
            <a class="icon-button icon-button-accent" target="_blank" rel="noopener noreferrer"
              data-i18n-attr="aria-label:wish.openLink;title:wish.openLink">${icon("external")}</a>
          </div>
          <section class="wish-price" aria-labelledby="wish-price-title" hidden>
            <div class="wish-price-head">
              <h2 class="section-title" id="wish-price-title" data-i18n="price.title"></h2>
              <button type="button" class="button button-quiet" data-action="refresh-price">
                ${icon("refresh", "icon icon-small")}<span data-i18n="price.refresh"></span>
              </button>
            </div>
            <p class="wish-price-now"></p>
            <p class="wish-price-change" hidden></p>
            <p class="field-error wish-price-problem" role="alert" hidden></p>
            <details class="wish-price-history" hidden>
              <summary data-i18n="price.history"></summary>
              <ol class="wish-price-points"></ol>
            </details>
          </section>
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
    const refresh = this.querySelector('[data-action="refresh-price"]');
    refresh.addEventListener("click", () => this.#refreshPrice(refresh));
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
