// A layer of the Map tab beside the wishes' that a person switches on and off (the K-culture
// spots, the journal's entries with a place): its toggle button, its markers from its own
// source drawn in its own style, whether it is on (remembered on this device), pins named after
// their record in the store and opened on tap. The Map tab holds a list of these. Their pins sit
// in a pane of their own beneath the wishes' pane, so a person's own wish is never under a spot;
// while a layer is on, a chip over the map says so and can switch it off.

import { icon } from "../common/icons.js";
import { t } from "../shell/i18n.js";
import { pinIcon } from "./map-factory.js";
import { MarkerLayer } from "./marker-layer.js";
import { store } from "../common/store.js";

// Leaflet's marker pane, where the wishes' pins are, is at 600 and its shadows at 500.
const OVERLAY_PANE = "overlayMarkers";
const OVERLAY_PANE_Z = 550;

/** One switchable layer of markers. */
export class MapOverlay {
  #definition;
  #on;
  #layer = null;

  /**
   * `name`: remembered as `wishlist.map.<name>`; `source`: its MarkerSource; `kind`: the store kind
   * of its records; `labelKey`: the toggle's name; `icon`: the toggle's icon; `variant`: the style
   * of its pins and badges; `clusterKey`, `pinKey`: a badge's and an unknown record's pin's names;
   * `nameOf(record)`: a pin's name; `variantOf(record)` (optional): a record's own pin style;
   * `href(id)`: where a pin leads; `clusterRadius` (optional): how near, in pixels, its pins gather.
   */
  constructor(definition) {
    this.#definition = definition;
    this.#on = localStorage.getItem(this.#storageKey) === "on";
  }

  get name() {
    return this.#definition.name;
  }

  get kind() {
    return this.#definition.kind;
  }

  get source() {
    return this.#definition.source;
  }

  get on() {
    return this.#on;
  }

  get #storageKey() {
    return `wishlist.map.${this.#definition.name}`;
  }

  /** The toggle button, pressed while the layer shows. */
  toolMarkup() {
    const { name, labelKey, variant } = this.#definition;
    return `<button type="button" class="map-tool map-tool-overlay is-${variant}" data-overlay="${name}" aria-pressed="${this.#on}"
      data-i18n-attr="aria-label:${labelKey};title:${labelKey}">${icon(this.#definition.icon)}</button>`;
  }

  /** Switches the layer, remembers it on this device, and answers whether it is now on. */
  toggle() {
    this.#on = !this.#on;
    localStorage.setItem(this.#storageKey, this.#on ? "on" : "off");
    return this.#on;
  }

  /** The chip over the map saying the layer is on (null while off), with a button that switches it off, calling `onHide`. */
  note(onHide) {
    if (!this.#on) return null;
    const { labelKey, variant } = this.#definition;
    const layer = t(labelKey);
    const item = document.createElement("li");
    item.className = `map-layer-note is-${variant}`;
    const text = document.createElement("span");
    text.textContent = t("map.layerShown", { layer });
    const hide = document.createElement("button");
    hide.type = "button";
    hide.className = "icon-button map-layer-note-hide";
    hide.setAttribute("aria-label", t("map.hideLayer", { layer }));
    hide.title = hide.getAttribute("aria-label");
    hide.innerHTML = icon("close", "icon icon-small");
    hide.addEventListener("click", onHide);
    item.append(Object.assign(document.createElement("span"), { className: "map-layer-note-dot" }), text, hide);
    return item;
  }

  /** Puts the layer's pins on `map`, in the pane of layers beneath the wishes'. */
  attach(L, map) {
    const { kind, variant, clusterKey, pinKey, nameOf, variantOf, href, clusterRadius } = this.#definition;
    if (!map.getPane(OVERLAY_PANE)) map.createPane(OVERLAY_PANE).style.zIndex = String(OVERLAY_PANE_Z);
    this.#layer = new MarkerLayer(L, map, {
      pane: OVERLAY_PANE,
      clusterRadius,
      iconFor: (id) => {
        const record = store.get(kind, id);
        return pinIcon(L, { label: (record && nameOf(record)) || t(pinKey), variant: (record && variantOf?.(record)) || variant });
      },
      onSelect: (id) => {
        location.hash = href(id);
      },
      clusterKey,
      variant,
    });
  }

  /** The markers of `area` while the layer is on, else null. */
  load(area, options) {
    return this.#on ? this.#definition.source.load(area, options) : null;
  }

  /** Draws an answer of `load`; null (switched off) takes every pin away. */
  draw(answer) {
    if (answer) this.#layer?.draw(answer);
    else this.#layer?.clear();
  }

  /** Draws the pins of `ids` again: their records' names or state changed. */
  refresh(ids) {
    for (const id of ids) this.#layer?.refresh(id);
  }
}
