// The server's limits (WishlistCore's `Limits`: lengths of names, memos and tags, photos per
// record, the largest photo file…), read from the page the server sent
// (`<meta name="wishlist-limits">`), so that no number here copies one of the server's.

export const limits = Object.freeze(JSON.parse(document.querySelector('meta[name="wishlist-limits"]').content));
