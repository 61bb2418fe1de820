// The small still map on a wish's detail (W10): the place's pin on the same calm map as the
// Map tab. A picture only; the place's name is said in words beside it, and a link opens the
// Map tab there for moving around.

import { loadLeaflet } from "../leaflet.js";
import { createMap, pinIcon } from "../map-factory.js";
import { placeService } from "../place-service.js";

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

customElements.define("wl-place-map", PlaceMap);
