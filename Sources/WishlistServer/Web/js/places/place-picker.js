// "Choose on map" (W10): a modal map with a pin fixed at its centre. Moving the map (or tapping
// a spot, which centres it there) moves the pin; the spot is named after the nearest city by
// reverse geocoding, and the name stays editable. "Use this place" answers a `manual` place.
// It opens at the record's place, else its photo's, else the device's (when the person has
// already allowed location), else the last place chosen on this device, else the whole world.

import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { loadLeaflet } from "./leaflet.js";
import { createMap } from "./map-factory.js";
import { setMessage } from "../common/messages.js";
import { limits } from "../common/limits.js";
import { currentPosition } from "./geolocation.js";
import { coordinates, placeAt } from "./place-format.js";
import { placeService } from "./place-service.js";
import { showOverlay } from "../common/overlay-history.js";
import "../common/error-panel.js";

const NAME_DEBOUNCE_MS = 300;
const PLACE_ZOOM = 13;
const WORLD = { center: [25, 10], zoom: 2 };
const NAME_LIMIT = limits.placeName;
const LAST_PLACE_KEY = "wishlist.place.last";
// A device slow to find itself is not waited for longer: the map opens at the next best start.
const DEVICE_WAIT_MS = 3000;

/** Remembers `place` on this device as the last one chosen, where the next "Choose on map" may start. */
export function rememberPlace(place) {
  if (!place) return;
  try {
    localStorage.setItem(LAST_PLACE_KEY, JSON.stringify({ latitude: place.latitude, longitude: place.longitude }));
  } catch {
    // Private modes may refuse storage; the map then starts elsewhere.
  }
}

function lastPlace() {
  try {
    const point = JSON.parse(localStorage.getItem(LAST_PLACE_KEY) ?? "null");
    return Number.isFinite(point?.latitude) && Number.isFinite(point?.longitude) ? point : null;
  } catch {
    return null;
  }
}

/** The device's position when the person has already allowed it (never asks), within DEVICE_WAIT_MS; else null. */
async function allowedDevicePosition() {
  try {
    const permission = await navigator.permissions?.query({ name: "geolocation" });
    if (permission?.state !== "granted") return null;
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), DEVICE_WAIT_MS);
    });
    const fix = await Promise.race([currentPosition(), late]);
    clearTimeout(timer);
    return fix;
  } catch {
    return null;
  }
}

/** `PlacePicker.pick(place)` resolves with the chosen place, or null when cancelled. */
export class PlacePicker extends HTMLElement {
  #map = null;
  #timer = null;
  #abort = null;
  #nearest = null;
  #named = false;

  /** Opens the picker at `place` (the record's), else `photoPlace` (a place its photo suggests), else as the file says. */
  static pick(place, { photoPlace = null } = {}) {
    const element = document.createElement("wl-place-picker");
    document.body.append(element);
    return element.#open(place ?? photoPlace);
  }

  #open(place) {
    this.innerHTML = `
      <dialog class="dialog place-picker" aria-labelledby="place-picker-title">
        <form method="dialog" class="place-picker-form" novalidate>
          <h2 class="dialog-title" id="place-picker-title" data-i18n="place.picker.title"></h2>
          <p class="dialog-body place-picker-hint" data-i18n="place.picker.hint"></p>
          <div class="place-picker-map">
            <div class="map-canvas" role="region" data-i18n-attr="aria-label:place.picker.map"></div>
            <span class="place-picker-pin" aria-hidden="true">${icon("pin")}</span>
            <wl-error-panel hidden></wl-error-panel>
          </div>
          <div class="field">
            <label class="field-label" for="place-picker-name" data-i18n="place.picker.name"></label>
            <input class="input" id="place-picker-name" type="text" autocomplete="off" maxlength="${NAME_LIMIT}"
              aria-describedby="place-picker-where place-picker-error">
            <p class="field-hint" id="place-picker-where"></p>
            <p class="field-error" id="place-picker-error" role="alert" hidden></p>
          </div>
          <div class="dialog-actions">
            <button type="submit" class="button button-secondary" value="cancel" data-i18n="dialog.cancel"></button>
            <button type="submit" class="button button-primary" value="confirm" data-i18n="place.picker.use"></button>
          </div>
        </form>
      </dialog>`;
    i18n.localize(this);
    const dialog = this.querySelector("dialog");
    const name = this.querySelector("#place-picker-name");
    name.addEventListener("input", () => {
      this.#named = true;
      this.#showError(null);
    });
    let answer = null;
    this.querySelector('button[value="confirm"]').addEventListener("click", (event) => {
      answer = this.#answer();
      if (answer === null) event.preventDefault();
    });
    this.querySelector("wl-error-panel").addEventListener("retry", () => this.#showMap(place));
    const closed = showOverlay(dialog).then(() => {
      this.#dispose();
      return dialog.returnValue === "confirm" ? answer : null;
    });
    this.#showMap(place);
    return closed;
  }

  async #showMap(place) {
    const panel = this.querySelector("wl-error-panel");
    let L;
    let settings;
    try {
      [L, settings] = await Promise.all([loadLeaflet(), placeService.settings()]);
    } catch (error) {
      panel.error = error;
      panel.hidden = false;
      return;
    }
    const start = place ? null : ((await allowedDevicePosition()) ?? lastPlace());
    if (!this.isConnected || this.#map) return;
    panel.hidden = true;
    this.#map = createMap(L, this.querySelector(".map-canvas"), settings);
    if (place) {
      this.#map.setView([place.latitude, place.longitude], PLACE_ZOOM);
      // Its name stays until the pin is moved; a name typed by the person stays for good.
      this.querySelector("#place-picker-name").value = place.name;
    } else if (start) {
      this.#map.setView([start.latitude, start.longitude], PLACE_ZOOM);
    } else {
      this.#map.setView(WORLD.center, WORLD.zoom);
    }
    this.#map.on("click", (event) => this.#map.panTo(event.latlng));
    this.#map.on("move", () => this.#showWhere());
    // Registered after the first view is set, so only a move by the person renames the spot.
    this.#map.on("moveend", () => this.#scheduleName());
    this.#showWhere();
    if (!place) this.#scheduleName();
  }

  #showWhere() {
    const centre = this.#map.getCenter().wrap();
    this.querySelector("#place-picker-where").textContent = coordinates(centre.lat, centre.lng);
  }

  #scheduleName() {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#name(), NAME_DEBOUNCE_MS);
  }

  /** Names the pin's spot after the nearest city, unless the person has typed a name of their own. */
  async #name() {
    const centre = this.#map.getCenter().wrap();
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    try {
      this.#nearest = await placeService.reverse(centre.lat, centre.lng, { signal: abort.signal });
    } catch {
      if (abort.signal.aborted) return;
      this.#nearest = null;
    }
    if (abort.signal.aborted || this.#named) return;
    this.querySelector("#place-picker-name").value = placeAt(centre.lat, centre.lng, this.#nearest, "manual").name;
  }

  /** The place at the pin, or null (with the reason shown) when it has no usable name yet. */
  #answer() {
    if (!this.#map) return null;
    const centre = this.#map.getCenter().wrap();
    const name = this.querySelector("#place-picker-name").value.trim();
    if (name.length === 0) {
      this.#showError({ key: "validation.place.name" });
      return null;
    }
    return { ...placeAt(centre.lat, centre.lng, this.#nearest, "manual"), name };
  }

  #showError(problem) {
    const message = this.querySelector("#place-picker-error");
    const input = this.querySelector("#place-picker-name");
    message.hidden = problem === null;
    setMessage(message, problem ?? {});
    if (problem) {
      input.setAttribute("aria-invalid", "true");
      input.focus();
    } else {
      input.removeAttribute("aria-invalid");
    }
  }

  #dispose() {
    clearTimeout(this.#timer);
    this.#abort?.abort();
    this.#map?.remove();
    this.remove();
  }
}

customElements.define("wl-place-picker", PlacePicker);
