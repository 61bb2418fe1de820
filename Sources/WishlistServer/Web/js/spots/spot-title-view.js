// One work's or artist's K-culture spots (K8): a map of them beside (or, on phones, above) their
// list. The list pages while scrolling (K6); the map shows every spot loaded so far, and a
// pin opens the spot. The address names the category and title: #/discover/spots/{type}/{title}.

import { SPOT } from "../common/record-kinds.js";
import { i18n, t } from "../shell/i18n.js";
import { loadLeaflet } from "../places/leaflet.js";
import { createMap, pinIcon } from "../places/map-factory.js";
import { placeService } from "../places/place-service.js";
import { PAGE_SIZE, RecordList } from "../common/record-list.js";
import { spotService } from "./spot-service.js";
import { store } from "../common/store.js";
import "../common/record-grid.js";
import "./spot-card.js";

const FIT_MAX_ZOOM = 14;

/** The spots of `routeParams.title` in category `routeParams.type`. */
export class SpotTitleView extends HTMLElement {
  routeParams = {};
  #list = null;
  #map = null;
  #L = null;
  #pins = null;
  #drawn = new Set();
  #onListChange = () => this.#drawPins();

  connectedCallback() {
    const { type, title } = this.routeParams;
    this.dispatchEvent(new CustomEvent("wl-title", { bubbles: true, detail: title }));
    this.innerHTML = `
      <div class="spot-title-view">
        <p class="spot-title-kind"><span class="chip" data-i18n="spot.type.${type}"></span></p>
        <div class="spot-title-map" role="region" data-i18n-attr="aria-label:spots.map"></div>
        <wl-record-grid label="spots.list" card="wl-spot-card"></wl-record-grid>
      </div>`;
    i18n.localize(this);
    this.#list = new RecordList({
      kind: SPOT,
      fetchPage: (cursor, options) => spotService.page({ type, title }, cursor, { ...options, limit: PAGE_SIZE }),
    });
    const grid = this.querySelector("wl-record-grid");
    grid.empty = { icon: "spot", titleKey: "spots.noneForTitle", bodyKey: "spots.noneForTitleHint", actionHref: "#/discover/spots", actionKey: "spots.browse" };
    grid.list = this.#list;
    this.#list.addEventListener("change", this.#onListChange);
    this.#startMap();
  }

  disconnectedCallback() {
    this.#list?.removeEventListener("change", this.#onListChange);
    this.#list?.dispose();
    this.#map?.stop();
    this.#map?.remove();
    this.#map = null;
  }

  async #startMap() {
    const holder = this.querySelector(".spot-title-map");
    let settings;
    try {
      [this.#L, settings] = await Promise.all([loadLeaflet(), placeService.settings()]);
    } catch {
      // The list says everything the map would; without Leaflet it simply is not there.
      holder.hidden = true;
      return;
    }
    if (!this.isConnected) return;
    this.#map = createMap(this.#L, holder, settings);
    this.#pins = this.#L.featureGroup().addTo(this.#map);
    this.#map.setView([36.5, 127.8], 6);
    this.#drawPins();
  }

  /** A pin for every spot listed so far; the map takes them all in once the first page is there. */
  #drawPins() {
    if (!this.#map) return;
    const first = this.#drawn.size === 0;
    for (const id of this.#list.ids) {
      if (this.#drawn.has(id)) continue;
      const spot = store.get(SPOT, id);
      if (!spot) continue;
      this.#drawn.add(id);
      this.#L.marker([spot.latitude, spot.longitude], { icon: pinIcon(this.#L, { label: spot.name, variant: "spot" }), keyboard: false })
        .on("click", () => {
          location.hash = `#/spots/${encodeURIComponent(id)}`;
        })
        .addTo(this.#pins);
    }
    if (first && this.#drawn.size > 0) this.#map.fitBounds(this.#pins.getBounds(), { padding: [32, 32], maxZoom: FIT_MAX_ZOOM });
    this.querySelector(".spot-title-map").setAttribute("aria-label", t("spots.mapCount", { count: this.#drawn.size }));
  }
}

customElements.define("wl-spot-title-view", SpotTitleView);
