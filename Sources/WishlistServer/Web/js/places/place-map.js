// The small still map on a wish's detail (W10): the place's pin on the same calm map as the
// Map tab. A picture only; the place's name is said in words beside it, and a link opens the
// Map tab there for moving around.

import { icon } from "../common/icons.js";
import { loadLeaflet } from "./leaflet.js";
import { mapHref } from "./place-format.js";
import { createMap, pinIcon } from "./map-factory.js";
import { placeService } from "./place-service.js";

const ZOOM = 12;

/** A non-interactive map of one place; set `place` to draw it. Hidden when Leaflet cannot load. */
export class PlaceMap extends HTMLElement {
  #map = null;
  #pin = null;
  #place = null;

  set place(place) {
    this.#place = place;
    this.#draw();
  }

  connectedCallback() {
    this.setAttribute("aria-hidden", "true");
    this.#draw();
  }

  disconnectedCallback() {
    this.#map?.remove();
    this.#map = null;
    this.#pin = null;
  }

  async #draw() {
    const place = this.#place;
    if (!place || !this.isConnected) return;
    let L;
    let settings;
    try {
      [L, settings] = await Promise.all([loadLeaflet(), placeService.settings()]);
    } catch {
      // The place's name is on screen in words; without the picture nothing is lost.
      this.hidden = true;
      return;
    }
    if (!this.isConnected || place !== this.#place) return;
    this.hidden = false;
    const at = [place.latitude, place.longitude];
    if (!this.#map) {
      this.#map = createMap(L, this, settings, { interactive: false });
      this.#pin = L.marker(at, { icon: pinIcon(L), interactive: false, keyboard: false }).addTo(this.#map);
    }
    this.#pin.setLatLng(at);
    this.#map.setView(at, ZOOM, { animate: false });
  }
}

/**
 * The markup of a place on a detail screen (a wish's, a spot's): its name and address, a link
 * to the Map tab there, and the small map; a section named by the catalog key `labelKey`.
 */
export function placeSectionMarkup(labelKey) {
  return `
    <section class="wish-detail-place" data-i18n-attr="aria-label:${labelKey}">
      <div class="wish-detail-place-row">
        ${icon("pin", "icon icon-small")}
        <div class="wish-detail-place-text">
          <p class="wish-detail-place-name"></p>
          <p class="wish-detail-place-address"></p>
        </div>
        <a class="icon-button icon-button-accent" data-i18n-attr="aria-label:place.showOnMap;title:place.showOnMap">${icon("map")}</a>
      </div>
      <wl-place-map class="wish-detail-map"></wl-place-map>
    </section>`;
}

/** Fills a `placeSectionMarkup` section with `{name, address, latitude, longitude}`, the map link at `zoom`. */
export function renderPlaceSection(section, place, zoom) {
  section.querySelector(".wish-detail-place-name").textContent = place.name;
  const address = section.querySelector(".wish-detail-place-address");
  address.textContent = place.address ?? "";
  address.hidden = !place.address;
  section.querySelector("a").href = mapHref(place.latitude, place.longitude, zoom);
  section.querySelector("wl-place-map").place = place;
}

customElements.define("wl-place-map", PlaceMap);
