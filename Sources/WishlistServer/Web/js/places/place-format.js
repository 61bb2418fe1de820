// Words for places and distances, and the hash-address form of a place: the map opens
// at `#/map?lat=…&lng=…&z=…` (with `&name=…` for a found place it marks), and the editor opens prefilled at `#/wishes/new?lat=…&lng=…&name=…`.

import { i18n, t } from "../shell/i18n.js";

/** The ways a wish's place can have been chosen (the API's `source`). */
const PLACE_SOURCES = Object.freeze(["search", "device", "photo", "manual"]);
// Closer than this to a known city, a spot is simply called by the city's name; farther, "Near …".
const SAME_PLACE_METERS = 3000;

/** "850 m", "1.2 km", "12 km" (Korean "850m", "12km"), in the current language. */
export function formatDistance(meters) {
  const number = (value, digits) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  if (meters < 1000) return t("distance.meters", { distance: number(meters < 100 ? Math.round(meters) : Math.round(meters / 10) * 10, 0) });
  return t("distance.kilometers", { distance: number(meters / 1000, meters < 10_000 ? 1 : 0) });
}

/** "Region, Country" of a found or reverse-geocoded city; null when neither is known. */
export function regionOf({ admin, country }) {
  const parts = [admin, country].filter((part) => typeof part === "string" && part.length > 0);
  return parts.length > 0 ? parts.join(", ") : null;
}

/** A wish place from a city found by search. */
export function placeFromCity(city) {
  return { name: city.name, address: regionOf(city), latitude: city.latitude, longitude: city.longitude, source: "search" };
}

/**
 * A wish place at a point, named after the nearest known city (`nearest` from reverse
 * geocoding, or null): the city's own name when the point is in it, else "Near <city>".
 */
export function placeAt(latitude, longitude, nearest, source) {
  let name = coordinates(latitude, longitude);
  if (nearest) name = nearest.distanceMeters <= SAME_PLACE_METERS ? nearest.name : t("place.near", { name: nearest.name });
  return { name, address: nearest ? regionOf(nearest) : null, latitude, longitude, source };
}

/** "37.5665, 126.9780": a point no city is near. */
export function coordinates(latitude, longitude) {
  return `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
}

/** The map's address centred on a point at `zoom`; with `name`, the map marks the point as that place. */
export function mapHref(latitude, longitude, zoom, name = null) {
  const params = new URLSearchParams({ lat: latitude.toFixed(5), lng: longitude.toFixed(5), z: String(zoom) });
  if (name) params.set("name", name);
  return `#/map?${params}`;
}

/** The new-wish editor's address prefilled with `place`. */
export function newWishHref(place) {
  const params = new URLSearchParams({ lat: String(place.latitude), lng: String(place.longitude), name: place.name, source: place.source });
  if (place.address) params.set("address", place.address);
  return `#/wishes/new?${params}`;
}

/** The query part of the current hash address. */
export function hashQuery() {
  const hash = location.hash;
  const index = hash.indexOf("?");
  return new URLSearchParams(index === -1 ? "" : hash.slice(index + 1));
}

/** A point `{latitude, longitude}` from `lat` and `lng` in `query`, or null when they are missing or out of range. */
export function pointFrom(query) {
  const latitude = Number.parseFloat(query.get("lat") ?? "");
  const longitude = Number.parseFloat(query.get("lng") ?? "");
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  return { latitude, longitude };
}

/** The place in a `newWishHref` query, or null when it is not a whole, sensible place. */
export function placeFrom(query) {
  const point = pointFrom(query);
  const name = query.get("name")?.trim() ?? "";
  const source = query.get("source");
  if (!point || name.length === 0 || !PLACE_SOURCES.includes(source)) return null;
  return { name, address: query.get("address") || null, ...point, source };
}

/** The kind of a K-culture spot's place in words ("Restaurant", "맛집"); an unknown kind as it came. */
export function placeTypeName(placeType) {
  const key = `spot.placeType.${placeType}`;
  const name = t(key);
  return name === key ? placeType : name;
}

/**
 * A link that opens the person's map app with directions to a point: on phones the maps app
 * takes this address over (Google Maps' universal link), elsewhere it opens in the browser.
 */
export function directionsHref(latitude, longitude) {
  const params = new URLSearchParams({ api: "1", destination: `${latitude},${longitude}` });
  return `https://www.google.com/maps/dir/?${params}`;
}
