// K-culture spots are one record per place and work: a café seen in three dramas is three spots
// at one point. A list of places (Near me) shows such a place once, at its first spot, with the
// other works it is known from; pages are gathered one after another, so a place's spot on a
// later page joins the card already shown.

import { SPOT } from "../common/record-kinds.js";
import { store } from "../common/store.js";

/** Gathers the spots of one list by place. */
export class SpotPlaces {
  // The first spot's id, by place ("name|latitude|longitude").
  #first = new Map();
  // The other spots at each first spot's place, in the order they came.
  #others = new Map();

  /** The ids of `ids` (a page, in order) that start a place; the others join their place's first spot. */
  keep(ids) {
    return ids.filter((id) => {
      const spot = store.get(SPOT, id);
      if (!spot) return true;
      const place = `${spot.name}|${spot.latitude.toFixed(5)}|${spot.longitude.toFixed(5)}`;
      const first = this.#first.get(place);
      if (first === undefined || first === id) {
        this.#first.set(place, id);
        return true;
      }
      if (!this.#others.get(first)?.includes(id)) this.#others.set(first, [...(this.#others.get(first) ?? []), id]);
      return false;
    });
  }

  /** The other spots at the place of the first spot `id`: their records, in order. */
  othersAt(id) {
    return (this.#others.get(id) ?? []).map((other) => store.get(SPOT, other)).filter(Boolean);
  }
}
