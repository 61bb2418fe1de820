// A layer of the Map tab beside the wishes' that a person switches on and off (the K-culture
// spots, the journal's entries with a place): its toggle button, its markers from its own
// source drawn in its own style, whether it is on (remembered on this device), pins named after
// their record in the store and opened on tap. The Map tab holds a list of these.

import { icon } from "../common/icons.js";
import { t } from "../shell/i18n.js";
import { pinIcon } from "./map-factory.js";
import { MarkerLayer } from "./marker-layer.js";
import { store } from "../common/store.js";

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
   * `href(id)`: where a pin leads.
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

  /** Puts the layer's pins on `map`, beneath any layer attached later. */
  attach(L, map) {
    const { kind, variant, clusterKey, pinKey, nameOf, variantOf, href } = this.#definition;
    this.#layer = new MarkerLayer(L, map, {
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
