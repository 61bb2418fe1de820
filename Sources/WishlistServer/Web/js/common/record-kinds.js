// The store's kinds of record (W15), named once here so that a service putting another
// feature's records (a spot saved as a wish, a search answer of every group) needs nothing
// else from that feature's service, and the services never import one another in a circle.

/** Wishes. */
export const WISH = "wish";
/** Journal entries. */
export const JOURNAL = "entry";
/** Photos of wishes and entries. */
export const PHOTO = "photo";
/** K-culture spots. */
export const SPOT = "spot";
/** Works and artists of the spots (`{id, title, type, aliases, spotCount}`; the id is made by spot-service). */
export const SPOT_TITLE = "spot-title";
/** GIFs from Giphy. */
export const GIF = "gif";
