// Link previews (X4) and prices seen on links (X10): what a page says about itself, its image
// kept as a photo, and a wish's link fetched again. Wishes that come back go into the store, so
// every card and page of them shows the new price at once (W15).

import { PHOTO, WISH } from "../common/record-kinds.js";
import { api } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { store } from "../common/store.js";

/** Link calls; previews are cached by the server for a day, so asking twice costs nothing. */
export class LinkService {
  /** `{url, canonicalUrl, title, description, image, siteName, favicon, price: {amount, currency}|null, lang}`. */
  async preview(url, { signal } = {}) {
    return api.request(API.links.preview, { body: { url }, signal });
  }

  /** The image at `url` fetched by the server into a new photo on no record yet. */
  async photo(url, { signal } = {}) {
    const [photo] = store.put(PHOTO, await api.request(API.links.previewPhoto, { body: { url }, signal }));
    return photo;
  }

  /** Fetches the wish's link again; the wish comes back with its price history. */
  async refresh(wishId) {
    const [wish] = store.put(WISH, await api.request(API.links.refresh, { params: { id: wishId } }));
    return wish;
  }
}

/** The app's one link service. */
export const linkService = new LinkService();

/** Whether `text` is an http or https URL worth previewing. */
export function isWebLink(text) {
  try {
    const url = new URL(text.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}
