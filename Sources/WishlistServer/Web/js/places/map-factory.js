// Every Leaflet map of the app is made here, so they all look alike: the server's tiles when it
// has them (with their attribution), else a calm plain background with a faint grid that moves
// with the map; Leaflet's controls in our words; pins drawn in the app's colours.

import { i18n, t } from "../shell/i18n.js";

const GRID_TILE = 256;

/**
 * A Leaflet map in `element`. `settings`: `{tileURL, attribution}` from the server;
 * `interactive: false` makes a still picture (the wish detail's small map).
 */
export function createMap(L, element, settings, { interactive = true } = {}) {
  const still = interactive
    ? {}
    : { dragging: false, touchZoom: false, scrollWheelZoom: false, doubleClickZoom: false, boxZoom: false, keyboard: false, tap: false };
  const map = L.map(element, { zoomControl: false, attributionControl: false, worldCopyJump: true, minZoom: 1, maxZoom: 18, ...still });
  if (interactive) {
    L.control.zoom({ position: "topright", zoomInTitle: t("map.zoomIn"), zoomOutTitle: t("map.zoomOut") }).addTo(map);
    for (const [selector, key] of [[".leaflet-control-zoom-in", "map.zoomIn"], [".leaflet-control-zoom-out", "map.zoomOut"]]) {
      element.querySelector(selector)?.setAttribute("aria-label", t(key));
    }
  }
  gridLayer(L).addTo(map);
  if (settings.tileURL) {
    L.tileLayer(settings.tileURL, { maxZoom: 19 }).addTo(map);
    if (settings.attribution) {
      const control = L.control.attribution({ prefix: false }).addTo(map);
      // Set as text: the attribution is configuration, not markup.
      control.getContainer().textContent = settings.attribution;
    }
  }
  return map;
}

/**
 * A pin marker's icon. With `label` it is a button of that accessible name (a tappable
 * marker); without, a picture. `selected` draws it raised in the accent colour; `variant: "spot"`
 * draws a K-culture spot's pin, in its own colour beside the wishes'.
 */
export function pinIcon(L, { label = null, selected = false, variant = null } = {}) {
  const holder = document.createElement(label ? "button" : "span");
  holder.className = `map-pin${selected ? " is-selected" : ""}${variant ? ` is-${variant}` : ""}`;
  if (label) {
    holder.type = "button";
    holder.setAttribute("aria-label", label);
  } else {
    holder.setAttribute("aria-hidden", "true");
  }
  holder.innerHTML =
    '<svg viewBox="0 0 32 40" width="32" height="40" aria-hidden="true" focusable="false">' +
    '<path class="map-pin-body" d="M16 39c-1.2 0-12.5-13.8-12.5-23a12.5 12.5 0 0 1 25 0C28.5 25.2 17.2 39 16 39z"/>' +
    '<circle class="map-pin-dot" cx="16" cy="16" r="5"/></svg>';
  return L.divIcon({ className: "map-pin-holder", html: holder, iconSize: [44, 48], iconAnchor: [22, 46] });
}

/**
 * The marker of a found place (not a wish): a ringed dot with the place's name beside it,
 * a picture named `name`. Its parts are built as text, since the name comes from the geocoder.
 */
export function placeIcon(L, name) {
  const holder = document.createElement("span");
  holder.className = "map-place";
  holder.setAttribute("role", "img");
  holder.setAttribute("aria-label", name);
  holder.title = name;
  const dot = document.createElement("span");
  dot.className = "map-place-dot";
  const label = document.createElement("span");
  label.className = "map-place-name";
  label.setAttribute("aria-hidden", "true");
  label.textContent = name;
  holder.append(dot, label);
  return L.divIcon({ className: "map-place-holder", html: holder, iconSize: [28, 28] });
}

/** A round count badge (a cluster of `count` wishes, or spots with `variant: "spot"`) as a button named `label`. */
export function countIcon(L, count, label, { variant = null } = {}) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `map-count${count >= 100 ? " is-large" : ""}${variant ? ` is-${variant}` : ""}`;
  button.setAttribute("aria-label", label);
  button.textContent = new Intl.NumberFormat(i18n.language, { notation: "compact" }).format(count);
  // A spots' badge is smaller than a wishes', and square (spot-markers.css): it stands back.
  const size = (count >= 100 ? 56 : 48) - (variant === "spot" ? 10 : 0);
  return L.divIcon({ className: "map-count-holder", html: button, iconSize: [size, size] });
}

/** Faint lines along tile edges: without map tiles, they show the map moving and zooming. */
function gridLayer(L) {
  const Grid = L.GridLayer.extend({
    createTile() {
      const tile = document.createElement("canvas");
      tile.width = GRID_TILE;
      tile.height = GRID_TILE;
      const context = tile.getContext("2d");
      context.strokeStyle = getComputedStyle(document.documentElement).getPropertyValue("--color-map-grid").trim() || "#ccc";
      context.lineWidth = 1;
      context.beginPath();
      context.moveTo(0.5, 0);
      context.lineTo(0.5, GRID_TILE);
      context.moveTo(0, 0.5);
      context.lineTo(GRID_TILE, 0.5);
      context.stroke();
      return tile;
    },
  });
  const layer = new Grid({ pane: "tilePane", zIndex: 0 });
  // A theme switch redraws the lines in the new theme's colour.
  const scheme = matchMedia("(prefers-color-scheme: dark)");
  const redraw = () => layer.redraw();
  layer.on("add", () => scheme.addEventListener("change", redraw));
  layer.on("remove", () => scheme.removeEventListener("change", redraw));
  return layer;
}
