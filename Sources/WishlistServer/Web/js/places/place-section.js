// A record's place on its detail screen (W10): the name and address with a button that opens
// the Map tab there, above a small map. Wishes and journal entries show their place with it.

import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { mapHref } from "./place-format.js";
import "./place-map.js";

const PLACE_ZOOM = 13;

/** Set `place` (a Place or null) to show it; hidden while there is none. */
export class PlaceSection extends HTMLElement {
  set place(place) {
    if (!this.firstChild) this.#build();
    this.hidden = place === null;
    if (!place) return;
    this.querySelector(".wish-detail-place-name").textContent = place.name;
    const address = this.querySelector(".wish-detail-place-address");
    address.textContent = place.address ?? "";
    address.hidden = !place.address;
    this.querySelector("a").href = mapHref(place.latitude, place.longitude, PLACE_ZOOM);
    this.querySelector("wl-place-map").place = place;
  }

  #build() {
    this.setAttribute("role", "region");
    this.dataset.i18nAttr = "aria-label:wish.place";
    this.innerHTML = `
      <div class="wish-detail-place-row">
        ${icon("pin", "icon icon-small")}
        <div class="wish-detail-place-text">
          <p class="wish-detail-place-name"></p>
          <p class="wish-detail-place-address"></p>
        </div>
        <a class="icon-button icon-button-accent" data-i18n-attr="aria-label:place.showOnMap;title:place.showOnMap">${icon("map")}</a>
      </div>
      <wl-place-map class="wish-detail-map"></wl-place-map>`;
    i18n.localize(this);
  }
}

customElements.define("wl-place-section", PlaceSection);
