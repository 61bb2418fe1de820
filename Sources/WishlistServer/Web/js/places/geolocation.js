// The device's position (W9, K4, K5) as promises and typed errors, so screens can say
// plainly why there is no position: refused, unavailable, too slow, or not supported.

/** Why no position came: `code` is "denied", "unavailable", "timeout" or "unsupported". */
export class LocationError extends Error {
  constructor(code) {
    super(`Location ${code}`);
    this.name = "LocationError";
    this.code = code;
  }
}

const TIMEOUT_MS = 15_000;
// A fix this recent is good enough for "near me" and "add wish here", and answers at once.
const MAXIMUM_AGE_MS = 30_000;

/** The position now: `{latitude, longitude, accuracy}`; rejects with LocationError. */
export function currentPosition() {
  if (!navigator.geolocation) return Promise.reject(new LocationError("unsupported"));
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve(fix(position)),
      (error) => reject(locationError(error)),
      { enableHighAccuracy: false, timeout: TIMEOUT_MS, maximumAge: MAXIMUM_AGE_MS },
    );
  });
}

/** Calls `onFix(fix)` on every new position and `onError(LocationError)`; returns the function that stops. */
export function watchPosition(onFix, onError) {
  if (!navigator.geolocation) {
    onError(new LocationError("unsupported"));
    return () => {};
  }
  const id = navigator.geolocation.watchPosition(
    (position) => onFix(fix(position)),
    (error) => onError(locationError(error)),
    { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: MAXIMUM_AGE_MS },
  );
  return () => navigator.geolocation.clearWatch(id);
}

function fix({ coords }) {
  return { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy };
}

function locationError(error) {
  const code = { 1: "denied", 2: "unavailable", 3: "timeout" }[error?.code] ?? "unavailable";
  return new LocationError(code);
}
