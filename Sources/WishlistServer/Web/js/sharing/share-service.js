// The owner's shared links: make, list, change, rotate and revoke them. A share as the API gives it
// says nothing about reservations (the owner must never learn of them), so neither does anything here.

import { request } from "../common/api.js";
import { API } from "../common/api-routes.js";

/** The API calls of the owner's shares. */
export const shareService = {
  /** Every share of the account, as `[Share]`. */
  async list() {
    const answer = await request(API.sharing.list);
    return answer.items;
  },

  /** A new share of every wish (`tag` null) or of one tag, with what it shows. */
  create(fields) {
    return request(API.sharing.create, { body: fields });
  },

  update(id, fields) {
    return request(API.sharing.update, { params: { id }, body: fields });
  },

  /** The share with a new link; the old link stops working at once. */
  rotate(id) {
    return request(API.sharing.rotate, { params: { id } });
  },

  revoke(id) {
    return request(API.sharing.revoke, { params: { id } });
  },

  /** The account's tags, most used first, to share one. */
  async tags() {
    const answer = await request(API.wishes.tags);
    return answer.items.map((item) => item.name);
  },
};
