// Place search, reverse geocoding, "near me" and the map's settings (W9, W10, K4).
// Wishes that come back with a distance go into the one store like any other (W15).

import { WISH } from "../common/record-kinds.js";
import { api, ApiError } from "../common/api.js";
import { store } from "../common/store.js";

/** Calls of the places and map API. */
export class PlaceService {
  #settings = null;

  /** Cities matching `query`, best first: `[{name, admin, country, countryCode, latitude, longitude, population}]`. */
  async search(query, { limit = 8, signal } = {}) {
    const params = new URLSearchParams({ q: query, limit: String(limit) });
    return (await api.get(`/places/search?${params}`, { signal })).items;
  }

  /** The nearest known place to a point (`{name, admin, country, distanceMeters, …}`), or null when none is near. */
  async reverse(latitude, longitude, { signal } = {}) {
    const params = new URLSearchParams({ lat: String(latitude), lng: String(longitude) });
    try {
      return await api.get(`/places/reverse?${params}`, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** One page of wishes nearest to a point: `{ids, distances: Map(id → metres), nextCursor}`. */
  async near(latitude, longitude, cursor, options) {
    return this.nearby({ path: "/wishes/near", kind: WISH, key: "wish" }, latitude, longitude, cursor, options);
  }

  /**
   * One page of a kind of record nearest first from `path`, whose items are `{[key]: record,
   * distanceMeters}` (wishes, journal entries): `{ids, distances, nextCursor}`, the records in the store.
   */
  async nearby({ path, kind, key }, latitude, longitude, cursor, { limit = 24, signal } = {}) {
    const params = new URLSearchParams({ lat: String(latitude), lng: String(longitude), limit: String(limit) });
    if (cursor) params.set("cursor", cursor);
    const answer = await api.get(`${path}?${params}`, { signal });
    const items = answer.items ?? [];
    store.put(kind, items.map((item) => item[key]));
    return {
      ids: items.map((item) => item[key].id),
      distances: new Map(items.map((item) => [item[key].id, item.distanceMeters])),
      nextCursor: answer.nextCursor ?? null,
    };
  }

  /** The server's map configuration `{tileURL, attribution}` (null tile URL: no tiles), asked once. */
  settings() {
    this.#settings ??= api.get("/map/settings").then(
      (answer) => ({ tileURL: answer?.tileURL ?? null, attribution: answer?.attribution ?? null }),
      (error) => {
        this.#settings = null;
        throw error;
      },
    );
    return this.#settings;
  }
}

/** The app's one place service. */
export const placeService = new PlaceService();
