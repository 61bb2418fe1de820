// Place search, reverse geocoding, "near me" and the map's settings (W9, W10, K4).
// Wishes that come back with a distance go into the one store like any other (W15).

import { WISH } from "../common/record-kinds.js";
import { api, ApiError } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { store } from "../common/store.js";

/** Calls of the places and map API. */
export class PlaceService {
  #settings = null;

  /** Cities matching `query`, best first: `[{name, admin, country, countryCode, latitude, longitude, population}]`. */
  async search(query, { limit = 8, signal } = {}) {
    return (await api.request(API.places.search, { query: { q: query, limit }, signal })).items;
  }

  /** The nearest known place to a point (`{name, admin, country, distanceMeters, …}`), or null when none is near. */
  async reverse(latitude, longitude, { signal } = {}) {
    try {
      return await api.request(API.places.reverse, { query: { lat: latitude, lng: longitude }, signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** One page of wishes nearest to a point: `{ids, distances: Map(id → metres), nextCursor}`. */
  async near(latitude, longitude, cursor, options) {
    return this.nearby({ route: API.places.wishesNear, kind: WISH, key: "wish" }, latitude, longitude, cursor, options);
  }

  /**
   * One page of a kind of record nearest first from `route`, whose items are `{[key]: record,
   * distanceMeters}` (wishes, journal entries): `{ids, distances, nextCursor}`, the records in the store.
   */
  async nearby({ route, kind, key }, latitude, longitude, cursor, { limit = 24, signal } = {}) {
    const query = { lat: latitude, lng: longitude, limit, cursor: cursor || null };
    const answer = await api.request(route, { query, signal });
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
    this.#settings ??= api.request(API.places.mapSettings).then(
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
