// One wish with everything on it (W4): cover, star, tags, memo, the link
// (opened in a new tab by the arrow button), the place on a small map (W10), dates, Edit and Delete. It shows
// the store's record at once, asks the server for the latest, and follows the
// store from then on (W15).

import { ApiError } from "../api.js";
import { ConfirmDialog } from "../components/confirm-dialog.js";
import { showToast } from "../components/toast-message.js";
import { renderTags } from "../components/wish-card.js";
import { icon } from "../icons.js";
import { i18n } from "../i18n.js";
import { navigation } from "../navigation.js";
import { store } from "../store.js";
import { WISH, wishService } from "../wish-service.js";
import "../components/error-panel.js";
import "../components/photo-gallery.js";
import { placeSectionMarkup, renderPlaceSection } from "../components/place-map.js";
import "../components/star-button.js";
import "../components/wish-cover.js";

const SAFE_LINK = /^https?:\/\//i;
const PLACE_ZOOM = 13;

/** The detail screen of the wish in `routeParams.id`. */
export class WishDetailView extends HTMLElement {
  routeParams = {};
  #unsubscribe = null;
  #abort = new AbortController();
  #deleting = false;
  #onLanguageChange = () => this.#render();

  get wishId() {
    return this.routeParams.id;
  }

  connectedCallback() {
    this.#unsubscribe = store.subscribe(({ kind, ids, removed }) => {
      if (kind !== WISH || !ids.includes(this.wishId)) return;
      if (removed && !this.#deleting) this.#showGone();
      else if (!removed) this.#render();
    });
    i18n.addEventListener("change", this.#onLanguageChange);
    if (store.get(WISH, this.wishId)) this.#render();
    else this.#showLoading();
    this.#load();
  }

  disconnectedCallback() {
    this.#abort.abort();
    this.#unsubscribe?.();
    i18n.removeEventListener("change", this.#onLanguageChange);
  }

  async #load() {
    try {
      // What arrives goes into the store, which renders it through the subscription.
      await wishService.load(this.wishId, { signal: this.#abort.signal });
    } catch (error) {
      if (this.#abort.signal.aborted) return;
      if (error instanceof ApiError && error.status === 404) this.#showGone();
      else if (!store.get(WISH, this.wishId)) this.#showError(error);
      // With a record already on screen, a failed refresh leaves it there: still true, just maybe not newest.
    }
  }

  #showLoading() {
    this.innerHTML = `
      <div class="wish-detail" aria-busy="true">
        <div class="skeleton wish-detail-cover"></div>
        <div class="skeleton skeleton-line"></div>
        <div class="skeleton skeleton-line skeleton-short"></div>
      </div>`;
    this.querySelector(".wish-detail").classList.add("is-loading");
  }

  #showError(error) {
    const panel = document.createElement("wl-error-panel");
    panel.error = error;
    panel.addEventListener("retry", () => this.#load());
    this.replaceChildren(panel);
  }

  #showGone() {
    this.dispatchEvent(new CustomEvent("wl-title", { bubbles: true, detail: null }));
    this.innerHTML = `
      <section class="empty-state">
        <div class="empty-state-icon">${icon("wishes")}</div>
        <h2 class="empty-state-title" data-i18n="wish.gone.title"></h2>
        <p class="empty-state-body" data-i18n="wish.gone.body"></p>
        <a class="button button-primary" href="#/wishes" data-i18n="notFound.action"></a>
      </section>`;
    i18n.localize(this);
  }

  #render() {
    const wish = store.get(WISH, this.wishId);
    if (!wish) return;
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

    this.#renderPlace(wish.place ?? null);

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
          ${placeSectionMarkup("wish.place")}
          <p class="wish-detail-dates"></p>
          <div class="wish-detail-actions">
            <a class="button button-secondary" href="#/wishes/${id}/edit">${icon("edit")}<span data-i18n="wish.edit"></span></a>
            <button type="button" class="button button-danger-quiet" data-action="delete">${icon("trash")}<span data-i18n="wish.delete"></span></button>
          </div>
        </div>
      </article>`;
    this.querySelector("wl-star-button").setAttribute("wish-id", this.wishId);
    this.querySelector('[data-action="delete"]').addEventListener("click", () => this.#delete());
    i18n.localize(this);
  }

  #renderPlace(place) {
    const section = this.querySelector(".wish-detail-place");
    section.hidden = place === null;
    if (!place) return;
    renderPlaceSection(section, place, PLACE_ZOOM);
  }

  async #delete() {
    const wish = store.get(WISH, this.wishId);
    if (!wish) return;
    const confirmed = await ConfirmDialog.ask({
      titleKey: "wish.deleteDialog.title",
      bodyKey: "wish.deleteDialog.body",
      confirmKey: "wish.delete",
      args: { name: wish.name },
    });
    if (!confirmed) return;
    this.#deleting = true;
    try {
      await wishService.delete(wish.id);
      navigation.back("/wishes");
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // Already gone (deleted from another device): the outcome the person wanted.
        store.remove(WISH, wish.id);
        navigation.back("/wishes");
      } else {
        this.#deleting = false;
        showToast("wish.deleteFailed");
      }
    }
  }
}

/** The link without its scheme and trailing slash: what a person recognises at a glance. */
function displayLink(link) {
  return link.replace(/^https?:\/\/(www\.)?/i, "").replace(/\/$/, "");
}

customElements.define("wl-wish-detail-view", WishDetailView);
