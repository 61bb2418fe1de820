// One kind of marker on the Map tab (the person's wishes, the K-culture spots): a MarkerSource
// answer drawn as pins that markercluster gathers on screen and the server's clusters as count
// badges that zoom in when tapped. A pin already drawn at the same point is kept, so panning
// never flickers.

import { t } from "../shell/i18n.js";
import { countIcon } from "./map-factory.js";

/** Pins and count badges of one marker source on `map`. */
export class MarkerLayer {
  #L;
  #map;
  #pins;
  #counts;
  #markers = new Map();
  #iconFor;
  #onSelect;
  #clusterKey;
  #variant;

  /**
   * `iconFor(id)`: the pin of a marker; `onSelect(id, event)`: a pin tapped; `clusterKey`: the
   * catalog key naming a count badge (`{count}`); `variant`: the badges' style ("spot"), or null.
   */
  constructor(L, map, { iconFor, onSelect, clusterKey, variant = null }) {
    this.#L = L;
    this.#map = map;
    this.#iconFor = iconFor;
    this.#onSelect = onSelect;
    this.#clusterKey = clusterKey;
    this.#variant = variant;
    this.#pins = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 44,
      iconCreateFunction: (cluster) => this.#countIcon(cluster.getChildCount()),
    });
    this.#counts = L.layerGroup();
    map.addLayer(this.#pins).addLayer(this.#counts);
  }

  /** Draws `{markers, clusters}`; returns how many records they stand for. */
  draw({ markers, clusters }) {
    const L = this.#L;
    // Longitudes moved by whole turns to the copy of the world on screen, for a view across ±180°.
    const centre = this.#map.getCenter().lng;
    const shifted = (longitude) => longitude + 360 * Math.round((centre - longitude) / 360);

    const wanted = new Map(markers.map((marker) => [marker.id, [marker.latitude, shifted(marker.longitude)]]));
    const gone = [];
    for (const [id, marker] of this.#markers) {
      const at = wanted.get(id);
      if (!at || !marker.getLatLng().equals(at)) {
        gone.push(marker);
        this.#markers.delete(id);
      }
    }
    this.#pins.removeLayers(gone);
    const added = [];
    for (const [id, at] of wanted) {
      if (this.#markers.has(id)) continue;
      const marker = L.marker(at, { icon: this.#iconFor(id), keyboard: false, riseOnHover: true });
      marker.on("click", (event) => this.#onSelect(id, event));
      this.#markers.set(id, marker);
      added.push(marker);
    }
    this.#pins.addLayers(added);

    this.#counts.clearLayers();
    for (const cluster of clusters) {
      const at = [cluster.latitude, shifted(cluster.longitude)];
      L.marker(at, { icon: this.#countIcon(cluster.count), keyboard: false })
        .on("click", () => this.#map.setView(at, Math.min(this.#map.getZoom() + 2, this.#map.getMaxZoom())))
        .addTo(this.#counts);
    }
    return markers.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  }

  /** Draws the pin of `id` again (its name or selection changed). */
  refresh(id) {
    this.#markers.get(id)?.setIcon(this.#iconFor(id));
  }

  /** Takes every pin and badge off the map (the layer switched off). */
  clear() {
    this.#pins.clearLayers();
    this.#counts.clearLayers();
    this.#markers.clear();
  }

  #countIcon(count) {
    return countIcon(this.#L, count, t(this.#clusterKey, { count }), { variant: this.#variant });
  }
}
