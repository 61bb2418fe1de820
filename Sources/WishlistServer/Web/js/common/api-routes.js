// Every server path the web app uses, named once: each entry is a route of the server's table
// (WishlistCore's `APIRoute+Table.swift`, same room and name), its method and path template.
// `RouteTableTests` fails when an entry here is not in that table, and when any other file of the
// app writes an `/api/v1` path.

const route = (method, template) => Object.freeze({ method, template });

/** Where every API path starts (the service worker keeps the answers under it). */
export const API_PREFIX = "/api/v1/";

export const API = Object.freeze({
  server: Object.freeze({
    page: route("GET", "/"),
    index: route("GET", "/index.html"),
    manifest: route("GET", "/manifest.webmanifest"),
    asset: route("GET", "/static/{version}/{path...}"),
    leaflet: route("GET", "/vendor/leaflet/{path...}"),
    serviceWorker: route("GET", "/sw.js"),
  }),
  accounts: Object.freeze({
    setupStatus: route("GET", "/api/v1/setup"),
    setUp: route("POST", "/api/v1/setup"),
    signIn: route("POST", "/api/v1/sessions"),
    signOut: route("DELETE", "/api/v1/sessions/current"),
    me: route("GET", "/api/v1/me"),
    changePassword: route("PUT", "/api/v1/me/password"),
    sessions: route("GET", "/api/v1/sessions"),
    endSession: route("DELETE", "/api/v1/sessions/{id}"),
    createToken: route("POST", "/api/v1/tokens"),
    tokens: route("GET", "/api/v1/tokens"),
    revokeToken: route("DELETE", "/api/v1/tokens/{id}"),
  }),
  admin: Object.freeze({
    accounts: route("GET", "/api/v1/admin/accounts"),
    addAccount: route("POST", "/api/v1/admin/accounts"),
    disable: route("POST", "/api/v1/admin/accounts/{username}/disable"),
    enable: route("POST", "/api/v1/admin/accounts/{username}/enable"),
    resetPassword: route("POST", "/api/v1/admin/accounts/{username}/reset-password"),
  }),
  wishes: Object.freeze({
    create: route("POST", "/api/v1/wishes"),
    list: route("GET", "/api/v1/wishes"),
    show: route("GET", "/api/v1/wishes/{id}"),
    update: route("PATCH", "/api/v1/wishes/{id}"),
    delete: route("DELETE", "/api/v1/wishes/{id}"),
    favorite: route("PUT", "/api/v1/wishes/{id}/favorite"),
    unfavorite: route("DELETE", "/api/v1/wishes/{id}/favorite"),
    tags: route("GET", "/api/v1/tags"),
  }),
  search: Object.freeze({
    search: route("GET", "/api/v1/search"),
    recentSearches: route("GET", "/api/v1/recent-searches"),
    clearRecentSearches: route("DELETE", "/api/v1/recent-searches"),
    deleteRecentSearch: route("DELETE", "/api/v1/recent-searches/{id}"),
  }),
  places: Object.freeze({
    search: route("GET", "/api/v1/places/search"),
    reverse: route("GET", "/api/v1/places/reverse"),
    markers: route("GET", "/api/v1/map/markers"),
    mapSettings: route("GET", "/api/v1/map/settings"),
    wishesNear: route("GET", "/api/v1/wishes/near"),
  }),
  photos: Object.freeze({
    upload: route("POST", "/api/v1/photos"),
    delete: route("DELETE", "/api/v1/photos/{id}"),
    edit: route("PUT", "/api/v1/photos/{id}/edit"),
    resetEdit: route("DELETE", "/api/v1/photos/{id}/edit"),
    media: route("GET", "/media/{id}/{size}"),
  }),
  journal: Object.freeze({
    create: route("POST", "/api/v1/journal"),
    list: route("GET", "/api/v1/journal"),
    markers: route("GET", "/api/v1/journal/markers"),
    near: route("GET", "/api/v1/journal/near"),
    show: route("GET", "/api/v1/journal/{id}"),
    update: route("PATCH", "/api/v1/journal/{id}"),
    delete: route("DELETE", "/api/v1/journal/{id}"),
    heart: route("PUT", "/api/v1/journal/{id}/heart"),
    unheart: route("DELETE", "/api/v1/journal/{id}/heart"),
    mentioning: route("GET", "/api/v1/wishes/{id}/journal"),
  }),
  links: Object.freeze({
    preview: route("POST", "/api/v1/link-previews"),
    previewPhoto: route("POST", "/api/v1/link-previews/photo"),
    refresh: route("POST", "/api/v1/wishes/{id}/link/refresh"),
    share: route("POST", "/share"),
    shareByLink: route("GET", "/share"),
    continueSharing: route("GET", "/share/continue"),
  }),
  spots: Object.freeze({
    titles: route("GET", "/api/v1/spots/titles"),
    list: route("GET", "/api/v1/spots"),
    near: route("GET", "/api/v1/spots/near"),
    markers: route("GET", "/api/v1/spots/markers"),
    show: route("GET", "/api/v1/spots/{id}"),
    wish: route("POST", "/api/v1/spots/{id}/wish"),
  }),
  gifs: Object.freeze({
    search: route("GET", "/api/v1/gifs/search"),
    trending: route("GET", "/api/v1/gifs/trending"),
    favorites: route("GET", "/api/v1/gifs/favorites"),
    favorite: route("PUT", "/api/v1/gifs/favorites/{gifId}"),
    unfavorite: route("DELETE", "/api/v1/gifs/favorites/{gifId}"),
    wish: route("POST", "/api/v1/gifs/{gifId}/wish"),
  }),
  archive: Object.freeze({
    export: route("GET", "/api/v1/export"),
    importArchive: route("POST", "/api/v1/import"),
    importBookmarks: route("POST", "/api/v1/import/bookmarks"),
    importCSV: route("POST", "/api/v1/import/csv"),
  }),
  sharing: Object.freeze({
    create: route("POST", "/api/v1/shares"),
    list: route("GET", "/api/v1/shares"),
    show: route("GET", "/api/v1/shares/{id}"),
    update: route("PATCH", "/api/v1/shares/{id}"),
    revoke: route("DELETE", "/api/v1/shares/{id}"),
    rotate: route("POST", "/api/v1/shares/{id}/rotate"),
    sharedList: route("GET", "/api/v1/shared/{token}"),
    sharedWish: route("GET", "/api/v1/shared/{token}/wishes/{id}"),
    reserve: route("POST", "/api/v1/shared/{token}/wishes/{id}/reservation"),
    cancelReservation: route("DELETE", "/api/v1/shared/{token}/wishes/{id}/reservation"),
    checkReservations: route("POST", "/api/v1/shared/{token}/reservations/check"),
  }),
});

/**
 * The path of `route` with each `{name}` of its template replaced by `params[name]`, encoded as one
 * segment (a last `{name...}` may hold several, split at "/"), then `query` (an object or
 * URLSearchParams; null and undefined values are left out). A parameter missing or unknown, or a
 * value that could not stay its segment (empty, ".", "..", a "/" in a one-segment parameter),
 * throws rather than asking for another path.
 */
export function apiPath(route, params = {}, query = null) {
  const names = new Set();
  const segments = route.template.split("/").map((segment) => {
    const name = /^\{(.+?)(\.\.\.)?\}$/.exec(segment);
    if (!name) return segment;
    names.add(name[1]);
    const value = params[name[1]];
    if (value === undefined || value === null) throw new TypeError(`${route.method} ${route.template} needs its ${name[1]}.`);
    // The server decodes %2F before it splits the path, so a "/" cannot stay inside one segment.
    const parts = String(value).split("/");
    if ((!name[2] && parts.length > 1) || parts.some((part) => part === "" || part === "." || part === "..")) {
      throw new TypeError(`"${value}" cannot be the ${name[1]} of ${route.template}.`);
    }
    return parts.map(encodeURIComponent).join("/");
  });
  const unknown = Object.keys(params ?? {}).find((key) => !names.has(key));
  if (unknown) throw new TypeError(`${route.method} ${route.template} has no parameter ${unknown}.`);
  const search = new URLSearchParams();
  for (const [key, value] of query instanceof URLSearchParams ? query : Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const path = segments.join("/");
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
