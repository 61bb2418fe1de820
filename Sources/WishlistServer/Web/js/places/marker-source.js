// The map's markers (W11, K3): `{markers: [{id, latitude, longitude}], clusters: [{…, count}]}` for
// an area, of the wishes, the journal's entries or the K-culture spots (the same shape from three paths). Areas are
// rounded out to whole tiles of their zoom, so small pans and returning to a place reuse an
// answer. The wishes' and the entries' sources follow the store (W15): when a record gains, moves or loses its
// place, or is deleted, what is held is dropped and "change" tells the map to ask again.

import { JOURNAL, WISH } from "../common/record-kinds.js";
import { api } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { store } from "../common/store.js";

// Answers older than this are asked for again, so changes from other devices show up too.
const MAX_AGE_MS = 60_000;
const MAX_ZOOM = 22;

/** Loads and caches marker answers by rounded area; fires "change" when held answers went stale. */
export class MarkerSource extends EventTarget {
  #answers = new Map();
  // Where each wish held in an answer was drawn, "lat,lng" by id, to tell a real move from a reload.
  #drawn = new Map();
  #route;
  #kind;
  #coarser;

  /**
   * `route`: the API route of the markers; `kind`: the store kind whose places it follows, or null;
   * `coarser`: zoom levels fewer than the map's to ask the server's clusters for (wider cells).
   */
  constructor({ route, kind = null, coarser = 0 }) {
    super();
    this.#route = route;
    this.#kind = kind;
    this.#coarser = coarser;
    store.subscribe((change) => this.#onStoreChange(change));
  }

  /**
   * The area to ask for around a view: `west`, `south`, `east`, `north` in degrees as the map
   * reports them (longitudes may pass ±180) and its zoom. Longitudes are wrapped into −180…180;
   * an area across the antimeridian has west > east, as the API expects.
   */
  static area({ west, south, east, north }, zoom) {
    const level = Math.max(0, Math.min(MAX_ZOOM, Math.round(zoom)));
    const step = 360 / 2 ** level;
    const roundedWest = Math.floor(west / step) * step;
    const roundedEast = Math.ceil(east / step) * step;
    const southEdge = Math.max(-90, Math.floor(south / step) * step);
    const northEdge = Math.min(90, Math.ceil(north / step) * step);
    let bbox;
    if (roundedEast - roundedWest >= 360) {
      bbox = [-180, southEdge, 180, northEdge];
    } else {
      const westEdge = wrap(roundedWest);
      let eastEdge = wrap(roundedEast);
      // The east edge on the antimeridian itself is +180, not −180.
      if (eastEdge === -180) eastEdge = 180;
      bbox = [westEdge, southEdge, eastEdge, northEdge];
    }
    return { bbox, zoom: level, key: `${level}:${bbox.join(",")}` };
  }

  /** The markers of `area` (from `MarkerSource.area`), from the cache while it is fresh. */
  async load(area, { signal } = {}) {
    const held = this.#answers.get(area.key);
    if (held && performance.now() - held.at < MAX_AGE_MS) return held.answer;
    const query = { bbox: area.bbox.join(","), zoom: Math.max(0, area.zoom - this.#coarser) };
    const answer = await api.request(this.#route, { query, signal });
    const markers = answer?.markers ?? [];
    const clusters = answer?.clusters ?? [];
    const result = { markers, clusters };
    this.#answers.set(area.key, { answer: result, at: performance.now() });
    for (const marker of markers) this.#drawn.set(marker.id, `${marker.latitude},${marker.longitude}`);
    return result;
  }

  /** Forgets every answer (e.g. a tapped marker's wish is gone) and says so. */
  invalidate() {
    this.#answers.clear();
    this.#drawn.clear();
    this.dispatchEvent(new Event("change"));
  }

  #onStoreChange({ kind, ids, removed }) {
    if (kind === null) {
      // Signed out: the next person must not see these markers, not even for a moment.
      this.#answers.clear();
      this.#drawn.clear();
      return;
    }
    if (kind !== this.#kind || this.#answers.size === 0) return;
    const stale = ids.some((id) => {
      const place = removed ? null : store.get(kind, id)?.place ?? null;
      const now = place ? `${place.latitude},${place.longitude}` : null;
      return now !== (this.#drawn.get(id) ?? null);
    });
    if (stale) this.invalidate();
  }
}

function wrap(longitude) {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/** The markers of the person's wishes. */
export const markerSource = new MarkerSource({ route: API.places.markers, kind: WISH });
/** The markers of the person's journal entries with a place. */
export const journalMarkerSource = new MarkerSource({ route: API.journal.markers, kind: JOURNAL });
/**
 * The markers of the K-culture spots (the same for everyone; they never move), in clusters a
 * level coarser than the wishes': thousands of them must not bury the person's own.
 */
export const spotMarkerSource = new MarkerSource({ route: API.spots.markers, coarser: 1 });
