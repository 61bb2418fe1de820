// One kind of marker on the Map tab (the person's wishes, the K-culture spots): a MarkerSource
// answer drawn as pins that markercluster gathers on screen and the server's clusters as count
// badges that zoom in when tapped. A pin already drawn at the same point is kept, so panning
// never flickers. Server clusters closer on screen than a badge is wide are drawn as one, so
// badges never cover each other; each layer may sit in its own pane (the other layers' beneath
// the wishes').

import { t } from "../shell/i18n.js";
import { countIcon } from "./map-factory.js";

// The widest badge (56 px) with its 6 px halo on each side.
const BADGE_SPACING = 68;

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
  #pane;
  #badgeSpacing;

  /**
   * `iconFor(id)`: the pin of a marker; `onSelect(id, event)`: a pin tapped; `clusterKey`: the
   * catalog key naming a count badge (`{count}`); `variant`: the badges' style ("spot"), or null;
   * `pane`: the map pane of its pins and badges (Leaflet's marker pane by default);
   * `clusterRadius`: how near, in pixels, pins gather into one badge.
   */
  constructor(L, map, { iconFor, onSelect, clusterKey, variant = null, pane = "markerPane", clusterRadius = 44 }) {
    this.#L = L;
    this.#map = map;
    this.#iconFor = iconFor;
    this.#onSelect = onSelect;
    this.#clusterKey = clusterKey;
    this.#variant = variant;
    this.#pane = pane;
    // A badge's width and halo: two closer than this would overlap.
    this.#badgeSpacing = Math.max(clusterRadius, BADGE_SPACING);
    this.#pins = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: clusterRadius,
      clusterPane: pane,
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
      const marker = L.marker(at, { icon: this.#iconFor(id), keyboard: false, riseOnHover: true, pane: this.#pane });
      marker.on("click", (event) => this.#onSelect(id, event));
      this.#markers.set(id, marker);
      added.push(marker);
    }
    this.#pins.addLayers(added);

    this.#counts.clearLayers();
    const shiftedClusters = clusters.map((cluster) => ({ ...cluster, longitude: shifted(cluster.longitude) }));
    for (const cluster of this.#apart(shiftedClusters)) {
      const at = [cluster.latitude, cluster.longitude];
      L.marker(at, { icon: this.#countIcon(cluster.count), keyboard: false, pane: this.#pane })
        .on("click", () => this.#map.setView(at, Math.min(this.#map.getZoom() + 2, this.#map.getMaxZoom())))
        .addTo(this.#counts);
    }
    return markers.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  }

  /**
   * The clusters with those nearer on screen than a badge's spacing drawn as one, at the middle of
   * their records, biggest first: the server's grid cells may put two badges side by side.
   */
  #apart(clusters) {
    const map = this.#map;
    const merged = [];
    for (const cluster of [...clusters].sort((a, b) => b.count - a.count)) {
      const point = map.latLngToLayerPoint([cluster.latitude, cluster.longitude]);
      const near = merged.find((other) => other.point.distanceTo(point) < this.#badgeSpacing);
      if (!near) {
        merged.push({ ...cluster, point });
        continue;
      }
      const count = near.count + cluster.count;
      near.latitude = (near.latitude * near.count + cluster.latitude * cluster.count) / count;
      near.longitude = (near.longitude * near.count + cluster.longitude * cluster.count) / count;
      near.count = count;
      near.point = map.latLngToLayerPoint([near.latitude, near.longitude]);
    }
    return merged;
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
