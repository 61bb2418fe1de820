// The Map tab (W11, K3, K5, W9): a full-height map of the wishes that have a place. Markers of
// the visible area load once the map settles after moving (debounced, the previous request
// aborted, answers cached by rounded area); the server's clusters show as count badges that zoom
// in when tapped. Tapping a wish's pin loads it through the store and shows its card. Switches
// add other layers (`MapOverlay`), each drawn in its own colour: the K-culture spots (K3, K8),
// whose pins open the spot, and the journal's entries with a place (K3), whose pins open the
// entry; an entry hearted, renamed, moved or deleted shows on the map at once. The locate
// button centres on the device, a second press follows it, a third stops; "Add wish here" opens
// the editor with the place at the map's centre, and "Near me" lists wishes nearest first.

import { JOURNAL, SPOT, WISH } from "../common/record-kinds.js";
import { ApiError } from "../common/api.js";
import { icon } from "../common/icons.js";
import { i18n, t } from "../shell/i18n.js";
import { currentPosition, LocationError, watchPosition } from "./geolocation.js";
import { loadLeaflet } from "./leaflet.js";
import { createMap, pinIcon, placeIcon } from "./map-factory.js";
import { MapOverlay } from "./map-overlay.js";
import { MarkerLayer } from "./marker-layer.js";
import { journalMarkerSource, MarkerSource, markerSource, spotMarkerSource } from "./marker-source.js";
import { describe, setMessage } from "../common/messages.js";
import { hashQuery, newWishHref, placeAt, pointFrom } from "./place-format.js";
import { placeService } from "./place-service.js";
import { store } from "../common/store.js";
import { wishService } from "../wishes/wish-service.js";
import { MissingRecords } from "./missing-records.js";
import "../common/error-panel.js";
import "../wishes/wish-card.js";

const MOVE_DEBOUNCE_MS = 250;
const LOCATED_ZOOM = 14;
const FIT_MAX_ZOOM = 12;
const DEFAULT_ZOOM = 11;
const WORLD = { center: [25, 10], zoom: 2 };
// A found place's marker lies under the pins of wishes at its spot, so they stand on it.
const PLACE_Z_OFFSET = -1000;

// Where the map was left, so coming back to the tab shows the same area.
let lastView = null;
store.subscribe(({ kind }) => {
  if (kind === null) lastView = null;
});

/** The Map tab. */
export class MapView extends HTMLElement {
  #L = null;
  #map = null;
  #wishes = null;
  #missingWishes = null;
  // Drawn in this order, beneath the wishes' pins.
  #overlays = [
    new MapOverlay({
      name: "spots", source: spotMarkerSource, kind: SPOT, labelKey: "map.spotsLayer", icon: "spot", variant: "spot",
      // Thousands of spots gather into fewer, wider badges than the wishes'.
      clusterRadius: 80, clusterKey: "map.spotCluster", pinKey: "map.spotPin", nameOf: (spot) => spot.name,
      href: (id) => `#/spots/${encodeURIComponent(id)}`,
    }),
    new MapOverlay({
      name: "journal", source: journalMarkerSource, kind: JOURNAL, labelKey: "map.journalLayer", icon: "journal", variant: "entry",
      clusterKey: "map.journalCluster", pinKey: "map.entryPin", nameOf: (entry) => entry.title,
      variantOf: (entry) => (entry.hearted ? "entry-hearted" : "entry"), href: (id) => `#/journal/${encodeURIComponent(id)}`,
    }),
  ];
  #timer = null;
  #abort = null;
  #cardAbort = null;
  #selected = null;
  #locate = "off";
  #stopWatch = null;
  #you = null;
  #unsubscribe = null;
  #onSourceChange = () => this.#loadMarkers();
  #onLanguageChange = () => this.#showNotes();
  #hasView = false;

  connectedCallback() {
    this.#missingWishes = new MissingRecords(WISH, (id, options) => wishService.load(id, options));
    this.innerHTML = `
      <div class="map-view">
        <div class="map-canvas" role="region" data-i18n-attr="aria-label:map.label"></div>
        <div class="map-alert" hidden>
          <p class="map-alert-text" role="alert"></p>
          <button type="button" class="button button-quiet" data-action="retry" data-i18n="error.retry" hidden></button>
          <button type="button" class="icon-button" data-action="dismiss" data-i18n-attr="aria-label:map.dismiss;title:map.dismiss">
            ${icon("close", "icon icon-small")}
          </button>
        </div>
        <ul class="map-layer-notes" data-i18n-attr="aria-label:map.layersShown" hidden></ul>
        <div class="map-tools">
          <button type="button" class="map-tool" data-action="locate" aria-pressed="false"
            data-i18n-attr="aria-label:map.locate;title:map.locate">${icon("locate")}</button>
          ${this.#overlays.map((overlay) => overlay.toolMarkup()).join("")}
        </div>
        <div class="map-bottom">
          <section class="map-card" data-i18n-attr="aria-label:map.selected" hidden>
            <div class="map-card-body"></div>
            <button type="button" class="icon-button map-card-close" data-action="close"
              data-i18n-attr="aria-label:map.closeCard;title:map.closeCard">${icon("close", "icon icon-small")}</button>
          </section>
          <div class="map-actions">
            <a class="button button-secondary map-action" href="#/map/near">${icon("near")}<span data-i18n="map.nearMe"></span></a>
            <button type="button" class="button button-primary map-action" data-action="add-here">
              ${icon("plus")}<span data-i18n="map.addHere"></span>
            </button>
          </div>
        </div>
        <p class="visually-hidden map-count-status" role="status"></p>
        <wl-error-panel class="map-failure" hidden></wl-error-panel>
      </div>`;
    i18n.localize(this);
    const on = (action, handler) => this.querySelector(`[data-action="${action}"]`).addEventListener("click", handler);
    on("locate", () => this.#onLocate());
    for (const overlay of this.#overlays) {
      this.querySelector(`[data-overlay="${overlay.name}"]`).addEventListener("click", () => this.#toggle(overlay));
    }
    on("add-here", () => this.#addHere());
    on("close", () => this.#closeCard());
    on("dismiss", () => this.#showAlert(null));
    on("retry", () => {
      this.#showAlert(null);
      this.#loadMarkers();
    });
    this.querySelector("wl-error-panel").addEventListener("retry", () => this.#start());
    this.#showNotes();
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#unsubscribe = store.subscribe((change) => this.#onStoreChange(change));
    for (const source of this.#sources) source.addEventListener("change", this.#onSourceChange);
    this.#start();
  }

  disconnectedCallback() {
    clearTimeout(this.#timer);
    this.#abort?.abort();
    this.#cardAbort?.abort();
    this.#missingWishes?.stop();
    this.#stopWatch?.();
    this.#unsubscribe?.();
    i18n.removeEventListener("change", this.#onLanguageChange);
    for (const source of this.#sources) source.removeEventListener("change", this.#onSourceChange);
    if (this.#map) {
      // Left before its first view was set (still asking where the wishes are): nothing to keep.
      if (this.#hasView) {
        const center = this.#map.getCenter();
        lastView = { center: [center.lat, center.lng], zoom: this.#map.getZoom() };
      }
      // Stop any pan or zoom animation first: one finishing on a removed map would throw.
      this.#map.stop();
      this.#map.remove();
      this.#map = null;
    }
  }

  async #start() {
    const panel = this.querySelector("wl-error-panel");
    let settings;
    try {
      [this.#L, settings] = await Promise.all([loadLeaflet(), placeService.settings()]);
    } catch (error) {
      if (!this.isConnected) return;
      panel.error = error;
      panel.hidden = false;
      return;
    }
    if (!this.isConnected || this.#map) return;
    panel.hidden = true;
    const L = this.#L;
    this.#map = createMap(L, this.querySelector(".map-canvas"), settings);
    this.#hasView = false;
    this.#map.whenReady(() => {
      this.#hasView = true;
    });
    for (const overlay of this.#overlays) overlay.attach(L, this.#map);
    // The wishes' layer is added last, so a wish's pin stands above the other layers' at the same point.
    this.#wishes = new MarkerLayer(L, this.#map, {
      iconFor: (id) => this.#pinFor(id),
      onSelect: (id, event) => this.#select(id, { focus: event.originalEvent?.detail === 0 }),
      clusterKey: "map.cluster",
    });
    this.#map.on("moveend", () => this.#scheduleLoad());
    this.#map.on("dragstart", () => {
      if (this.#locate === "follow") this.#setLocate("shown");
    });
    this.#map.on("click", () => this.#closeCard());
    await this.#showInitialView();
  }

  /**
   * The point in the address (a wish's place, or a place found by search, marked with its name),
   * else where the map was left, else all the wishes. The view is made anew for every address,
   * so a found place's marker goes when the map is left or another place is opened.
   */
  async #showInitialView() {
    const query = hashQuery();
    const point = pointFrom(query);
    if (point) {
      const zoom = Number.parseInt(query.get("z") ?? "", 10);
      const at = [point.latitude, point.longitude];
      this.#map.setView(at, zoom >= 1 && zoom <= 18 ? zoom : DEFAULT_ZOOM);
      const name = query.get("name")?.trim();
      if (name) {
        this.#L.marker(at, { icon: placeIcon(this.#L, name), interactive: false, keyboard: false, zIndexOffset: PLACE_Z_OFFSET }).addTo(this.#map);
      }
      return;
    }
    if (lastView) {
      this.#map.setView(lastView.center, lastView.zoom);
      return;
    }
    let points = [];
    try {
      const world = await markerSource.load(MarkerSource.area({ west: -180, south: -90, east: 180, north: 90 }, 0));
      points = [...world.markers, ...world.clusters].map((point) => [point.latitude, point.longitude]);
    } catch {
      // The world view below still works; the markers' own load reports trouble.
    }
    if (!this.#map) return;
    if (points.length === 0) this.#map.setView(WORLD.center, WORLD.zoom);
    else if (points.length === 1) this.#map.setView(points[0], FIT_MAX_ZOOM - 1);
    else this.#map.fitBounds(points, { padding: [56, 56], maxZoom: FIT_MAX_ZOOM });
  }

  #scheduleLoad() {
    this.#setBusy(true);
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#loadMarkers(), MOVE_DEBOUNCE_MS);
  }

  async #loadMarkers() {
    if (!this.#map) return;
    clearTimeout(this.#timer);
    const bounds = this.#map.getBounds();
    const area = MarkerSource.area(
      { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
      this.#map.getZoom(),
    );
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    try {
      const [wishes, ...overlays] = await Promise.all([
        markerSource.load(area, { signal: abort.signal }),
        ...this.#overlays.map((overlay) => overlay.load(area, { signal: abort.signal })),
      ]);
      if (abort.signal.aborted || !this.#map) return;
      const total = this.#wishes.draw(wishes);
      this.#missingWishes.want(wishes.markers.map((marker) => marker.id));
      for (const [index, overlay] of this.#overlays.entries()) overlay.draw(overlays[index]);
      this.querySelector(".map-count-status").textContent = t("map.count", { count: total });
    } catch (error) {
      if (abort.signal.aborted) return;
      this.#showAlert(describe(error), { retry: true });
    } finally {
      if (this.#abort === abort) this.#setBusy(false);
    }
  }

  /** The sources of every layer, whose "change" asks for the markers again. */
  get #sources() {
    return [markerSource, ...this.#overlays.map((overlay) => overlay.source)];
  }

  /** Switches a layer on or off (remembered on this device). */
  #toggle(overlay) {
    const on = overlay.toggle();
    this.querySelector(`[data-overlay="${overlay.name}"]`).setAttribute("aria-pressed", String(on));
    this.#showNotes();
    this.#setBusy(true);
    this.#loadMarkers();
  }

  /** A chip over the map for each layer switched on, saying so; its button switches it off. */
  #showNotes() {
    const notes = this.querySelector(".map-layer-notes");
    const chips = this.#overlays
      .map((overlay) =>
        overlay.note(() => {
          this.#toggle(overlay);
          this.querySelector(`[data-overlay="${overlay.name}"]`).focus();
        }),
      )
      .filter(Boolean);
    notes.replaceChildren(...chips);
    notes.hidden = chips.length === 0;
  }

  /** aria-busy on the map from the first move until the markers of where it stopped are drawn. */
  #setBusy(busy) {
    this.querySelector(".map-view").toggleAttribute("aria-busy", busy);
  }

  /** A pin named after its wish when the store knows it (markers carry only an id, K3). */
  #pinFor(id) {
    const name = store.get(WISH, id)?.name;
    return pinIcon(this.#L, { label: name ?? t("map.unnamedPin"), selected: id === this.#selected });
  }

  #onStoreChange({ kind, ids, removed }) {
    // A record renamed or hearted: its pin says so (one moved or deleted reloads through its source).
    if (!removed) for (const overlay of this.#overlays) if (overlay.kind === kind) overlay.refresh(ids);
    if (kind !== WISH) return;
    for (const id of ids) if (!removed) this.#wishes?.refresh(id);
    if (removed && ids.includes(this.#selected)) this.#closeCard();
  }

  async #select(id, { focus }) {
    const previous = this.#selected;
    this.#selected = id;
    for (const other of [previous, id]) this.#wishes.refresh(other);
    const card = this.querySelector(".map-card");
    const body = card.querySelector(".map-card-body");
    card.hidden = false;
    this.#cardAbort?.abort();
    const abort = new AbortController();
    this.#cardAbort = abort;
    const show = () => {
      const element = document.createElement("wl-wish-card");
      element.setAttribute("record-id", id);
      body.replaceChildren(element);
      if (focus) element.querySelector("a")?.focus();
    };
    if (store.get(WISH, id)) show();
    else body.innerHTML = '<div class="map-card-skeleton" aria-busy="true"><div class="skeleton"></div><div class="skeleton skeleton-line"></div></div>';
    try {
      await wishService.load(id, { signal: abort.signal });
      if (abort.signal.aborted) return;
      if (!body.querySelector("wl-wish-card")) show();
    } catch (error) {
      if (abort.signal.aborted) return;
      if (error instanceof ApiError && error.status === 404) {
        // Deleted elsewhere: say so here, and let the map ask again for what is really there.
        this.#cardMessage(body, { key: "wish.gone.title" });
        markerSource.invalidate();
      } else if (!body.querySelector("wl-wish-card")) {
        this.#cardMessage(body, describe(error));
      }
    }
  }

  #cardMessage(body, message) {
    const text = document.createElement("p");
    text.className = "map-card-message";
    text.setAttribute("role", "alert");
    setMessage(text, message);
    body.replaceChildren(text);
  }

  #closeCard() {
    const card = this.querySelector(".map-card");
    if (card.hidden) return;
    this.#cardAbort?.abort();
    card.hidden = true;
    const previous = this.#selected;
    this.#selected = null;
    this.#wishes.refresh(previous);
  }

  /** First press: centre on the device. Second: follow it. Third: stop following. */
  async #onLocate() {
    if (this.#locate !== "off") {
      this.#setLocate(this.#locate === "shown" ? "follow" : "off");
      return;
    }
    const button = this.querySelector('[data-action="locate"]');
    if (button.getAttribute("aria-busy") === "true" || !this.#map) return;
    button.setAttribute("aria-busy", "true");
    try {
      const fix = await currentPosition();
      if (!this.#map) return;
      this.#showYou(fix);
      this.#map.setView([fix.latitude, fix.longitude], Math.max(this.#map.getZoom(), LOCATED_ZOOM));
      this.#setLocate("shown");
    } catch (error) {
      this.#locationFailed(error);
    } finally {
      button.removeAttribute("aria-busy");
    }
  }

  #setLocate(mode) {
    this.#locate = mode;
    if (mode === "follow" && !this.#stopWatch) {
      this.#stopWatch = watchPosition(
        (fix) => {
          this.#showYou(fix);
          this.#map?.panTo([fix.latitude, fix.longitude]);
        },
        (error) => {
          this.#locationFailed(error);
          this.#setLocate("off");
        },
      );
    } else if (mode !== "follow") {
      this.#stopWatch?.();
      this.#stopWatch = null;
    }
    const button = this.querySelector('[data-action="locate"]');
    const following = mode === "follow";
    button.setAttribute("aria-pressed", String(following));
    button.classList.toggle("is-located", mode === "shown");
    button.innerHTML = icon(following ? "follow" : "locate");
    button.title = t(following ? "map.following" : "map.locate");
  }

  /** The dot at the device's position, with a faint circle as wide as the fix is uncertain. */
  #showYou({ latitude, longitude, accuracy }) {
    const L = this.#L;
    if (!this.#map || !L) return;
    if (!this.#you) {
      const dot = L.divIcon({ className: "map-you", html: '<span class="map-you-dot"></span>', iconSize: [22, 22] });
      this.#you = {
        dot: L.marker([latitude, longitude], { icon: dot, interactive: false, keyboard: false, zIndexOffset: 1000 }),
        ring: L.circle([latitude, longitude], { radius: accuracy, interactive: false, className: "map-you-accuracy" }),
      };
      this.#you.ring.addTo(this.#map);
      this.#you.dot.addTo(this.#map);
    } else {
      this.#you.dot.setLatLng([latitude, longitude]);
      this.#you.ring.setLatLng([latitude, longitude]).setRadius(accuracy);
    }
  }

  /**
   * Opens the new-wish editor with the place at the map's centre, named after the nearest city:
   * the device's own place (W9) when the map is centred on it, else a place chosen on the map.
   */
  async #addHere() {
    const button = this.querySelector('[data-action="add-here"]');
    if (button.getAttribute("aria-busy") === "true" || !this.#map) return;
    button.setAttribute("aria-busy", "true");
    try {
      const centre = this.#map.getCenter();
      // Centred on the device's dot (after Locate), the place is where the person stands.
      const here = this.#you?.dot.getLatLng();
      const atDevice = here && this.#map.latLngToContainerPoint(here).distanceTo(this.#map.latLngToContainerPoint(centre)) < 1;
      const { lat: latitude, lng: longitude } = atDevice ? here : centre.wrap();
      let nearest = null;
      try {
        nearest = await placeService.reverse(latitude, longitude);
      } catch {
        // Without a city's name the place is still right: its coordinates name it, and it can be renamed.
      }
      if (this.isConnected) location.hash = newWishHref(placeAt(latitude, longitude, nearest, atDevice ? "device" : "manual"));
    } finally {
      button.removeAttribute("aria-busy");
    }
  }

  #locationFailed(error) {
    const code = error instanceof LocationError ? error.code : "unavailable";
    this.#showAlert({ key: `location.${code}` });
  }

  /** Shows a message over the map (`null` hides it), with "Try again" when `retry`. */
  #showAlert(message, { retry = false } = {}) {
    const box = this.querySelector(".map-alert");
    box.hidden = message === null;
    setMessage(box.querySelector(".map-alert-text"), message ?? {});
    box.querySelector('[data-action="retry"]').hidden = !retry;
  }
}

customElements.define("wl-map-view", MapView);
