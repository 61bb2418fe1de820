// One K-culture spot (K8), opened from Discover, search, Near me or a marker on the map: the kind
// of place, the work or artist it is known from, the scene, the address on a small map, "Save as
// wish" (a link to the wish once saved, with the wishes' gift: saving is not starring) and "Directions" in the person's map
// app. It shows the store's record at once, asks the server for the latest and follows the store.

import { SPOT } from "../common/record-kinds.js";
import { ApiError } from "../common/api.js";
import { showToast } from "../common/toast-message.js";
import { spotTitleHref } from "./spot-title-card.js";
import { icon } from "../common/icons.js";
import { i18n, t } from "../shell/i18n.js";
import { directionsHref, placeTypeName } from "../places/place-format.js";
import { spotService } from "./spot-service.js";
import { store } from "../common/store.js";
import "../common/error-panel.js";
import { placeSectionMarkup, renderPlaceSection } from "../places/place-map.js";

const PLACE_ZOOM = 15;

/** The screen of the spot in `routeParams.id`. */
export class SpotView extends HTMLElement {
  routeParams = {};
  #unsubscribe = null;
  #abort = new AbortController();
  #saving = false;
  #onLanguageChange = () => this.#render();

  get spotId() {
    return this.routeParams.id;
  }

  connectedCallback() {
    this.#unsubscribe = store.subscribe(({ kind, ids }) => {
      if (kind === SPOT && ids.includes(this.spotId)) this.#render();
    });
    i18n.addEventListener("change", this.#onLanguageChange);
    if (store.get(SPOT, this.spotId)) this.#render();
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
      await spotService.load(this.spotId, { signal: this.#abort.signal });
    } catch (error) {
      if (this.#abort.signal.aborted) return;
      if (error instanceof ApiError && error.status === 404) this.#showGone();
      else if (!store.get(SPOT, this.spotId)) this.#showError(error);
    }
  }

  #showLoading() {
    this.innerHTML = `
      <div class="spot-detail" aria-busy="true">
        <div class="skeleton skeleton-line skeleton-short"></div>
        <div class="skeleton skeleton-line"></div>
        <div class="skeleton spot-detail-map"></div>
      </div>`;
  }

  #showError(error) {
    const panel = document.createElement("wl-error-panel");
    panel.error = error;
    panel.addEventListener("retry", () => {
      this.#showLoading();
      this.#load();
    });
    this.replaceChildren(panel);
  }

  #showGone() {
    this.innerHTML = `
      <section class="empty-state">
        <div class="empty-state-icon">${icon("spot")}</div>
        <h2 class="empty-state-title" data-i18n="spot.gone.title"></h2>
        <p class="empty-state-body" data-i18n="spot.gone.body"></p>
        <a class="button button-primary" href="#/discover/spots" data-i18n="spots.browse"></a>
      </section>`;
    i18n.localize(this);
  }

  #build() {
    this.innerHTML = `
      <article class="spot-detail">
        <div class="spot-detail-head">
          <p class="chip spot-detail-type"></p>
          <a class="spot-detail-title"></a>
        </div>
        <p class="spot-detail-description"></p>
        ${placeSectionMarkup("spot.place")}
        <div class="spot-detail-actions">
          <button type="button" class="button button-primary" data-action="save">${icon("wishes")}<span data-i18n="spot.save"></span></button>
          <a class="button button-primary is-saved" data-action="open-wish" hidden>${icon("wishes")}<span data-i18n="spot.openWish"></span></a>
          <a class="button button-secondary" data-action="directions" target="_blank" rel="noopener noreferrer">${icon("external")}<span data-i18n="spot.directions"></span></a>
        </div>
      </article>`;
    this.querySelector('[data-action="save"]').addEventListener("click", () => this.#save());
    i18n.localize(this);
  }

  #render() {
    const spot = store.get(SPOT, this.spotId);
    if (!spot) return;
    if (!this.querySelector(".spot-detail:not([aria-busy])")) this.#build();
    this.dispatchEvent(new CustomEvent("wl-title", { bubbles: true, detail: spot.name }));
    this.querySelector(".spot-detail-type").textContent = placeTypeName(spot.placeType);
    const title = this.querySelector(".spot-detail-title");
    title.textContent = `${t(`spot.type.${spot.type}`)} · ${spot.title}`;
    title.href = spotTitleHref(spot.type, spot.title);
    const description = this.querySelector(".spot-detail-description");
    description.textContent = spot.description;
    description.hidden = !spot.description;
    renderPlaceSection(this.querySelector(".wish-detail-place"), spot, PLACE_ZOOM);
    this.querySelector('[data-action="directions"]').href = directionsHref(spot.latitude, spot.longitude);

    const save = this.querySelector('[data-action="save"]');
    const open = this.querySelector('[data-action="open-wish"]');
    save.hidden = Boolean(spot.wishId);
    open.hidden = !spot.wishId;
    if (spot.wishId) open.href = `#/wishes/${encodeURIComponent(spot.wishId)}`;
  }

  async #save() {
    if (this.#saving) return;
    this.#saving = true;
    const button = this.querySelector('[data-action="save"]');
    button.setAttribute("aria-busy", "true");
    try {
      await spotService.saveAsWish(this.spotId);
      // The store's change drew the filled star; keep keyboard focus on the action that replaced the button.
      if (document.activeElement === button || document.activeElement === document.body) {
        this.querySelector('[data-action="open-wish"]')?.focus();
      }
    } catch {
      showToast("spot.saveFailed");
    } finally {
      this.#saving = false;
      button.removeAttribute("aria-busy");
    }
  }
}

customElements.define("wl-spot-view", SpotView);
