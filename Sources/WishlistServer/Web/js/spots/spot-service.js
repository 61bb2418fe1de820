// Every K-culture spot request goes through here (K8). Spots, and the works and artists they
// belong to ("titles"), go into the one store like wishes (W15): a spot saved as a wish changes
// its `wishId` in the store, so every star of it on screen fills at once.

import { SPOT, SPOT_TITLE, WISH } from "../common/record-kinds.js";
import { api } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { store } from "../common/store.js";

/** The categories of spots, in tab order (K1), with the API's `type`. */
export const SPOT_TYPES = Object.freeze(["drama", "movie", "show", "artist"]);

/** The store id of a work or artist: its type and title. */
export function titleId(type, title) {
  return `${type}:${title}`;
}

/** Titles, spot lists, near me and saving a spot as a wish. */
export class SpotService {
  /**
   * One page of works or artists of `type` (null: every type) matching `q`: `{ids, nextCursor, counts}`
   * of SPOT_TITLE records, `counts` how many of each type match `q`.
   */
  async titles({ type, q }, cursor, { limit = 24, signal } = {}) {
    const answer = await api.request(API.spots.titles, { query: params({ type, q: q || null, limit, cursor }), signal });
    const records = (answer.items ?? []).map((item) => ({ ...item, id: titleId(item.type, item.title) }));
    return {
      ids: store.put(SPOT_TITLE, records).map((record) => record.id),
      nextCursor: answer.nextCursor ?? null,
      counts: answer.counts ?? {},
    };
  }

  /** One page of spots (`title`, `type`, `placeType`, `q`): `{ids, nextCursor}`. */
  async page(query, cursor, { limit = 24, signal } = {}) {
    const answer = await api.request(API.spots.list, { query: params({ ...query, limit, cursor }), signal });
    return { ids: this.keep(answer.items), nextCursor: answer.nextCursor ?? null };
  }

  /** Fetches one spot fresh from the server. */
  async load(id, { signal } = {}) {
    const [spot] = store.put(SPOT, await api.request(API.spots.show, { params: { id }, signal }));
    return spot;
  }

  /** One page of spots nearest to a point: `{ids, distances: Map(id → metres), nextCursor}`. */
  async near(latitude, longitude, cursor, { limit = 24, signal } = {}) {
    const answer = await api.request(API.spots.near, { query: params({ lat: latitude, lng: longitude, limit, cursor }), signal });
    const items = answer.items ?? [];
    return {
      ids: this.keep(items.map(({ distanceMeters, ...spot }) => spot)),
      distances: new Map(items.map((item) => [item.id, item.distanceMeters])),
      nextCursor: answer.nextCursor ?? null,
    };
  }

  /** Saves the spot as a wish (or finds the one already made); the wish and the spot's `wishId` land in the store. */
  async saveAsWish(id) {
    const [wish] = store.put(WISH, await api.request(API.spots.wish, { params: { id } }));
    const spot = store.get(SPOT, id);
    if (spot) store.put(SPOT, { ...spot, wishId: wish.id });
    return wish;
  }

  /** Puts spots into the store and returns their ids. */
  keep(spots) {
    return store.put(SPOT, spots ?? []).map((spot) => spot.id);
  }
}

function params(values) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  return query;
}

/** The app's one spot service. */
export const spotService = new SpotService();
