// Leaflet and markercluster are Debian's classic scripts, served by the server under
// /vendor/leaflet. They define `window.L`, so they are added as <script> elements, and only
// when a map is first shown: the rest of the app never waits for them.

import { NetworkError } from "../common/api.js";
import { API, apiPath } from "../common/api-routes.js";

const STYLES = ["leaflet.css", "MarkerCluster.css"];
// In this order: markercluster extends the `L` that leaflet.js defines.
const SCRIPTS = ["leaflet.js", "leaflet.markercluster.js"];

/** Every file a map loads, which the service worker keeps for offline maps. */
export const LEAFLET_FILES = [...STYLES, ...SCRIPTS];

let loading = null;

/** Resolves with Leaflet's `L` once its styles and scripts are in; a failed load can be tried again. */
export function loadLeaflet() {
  loading ??= load().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function load() {
  if (window.L?.MarkerClusterGroup) return window.L;
  // Before the app's own styles, so that app.css can restyle Leaflet's controls.
  const first = document.querySelector('link[rel="stylesheet"]');
  await Promise.all(STYLES.map((name) => add(Object.assign(document.createElement("link"), { rel: "stylesheet", href: apiPath(API.server.leaflet, { path: name }) }), first)));
  for (const name of SCRIPTS) {
    const script = Object.assign(document.createElement("script"), { src: apiPath(API.server.leaflet, { path: name }), async: false });
    // boot.js shows "Wishlist couldn't load" for a failed script unless it is marked as loaded on demand.
    script.dataset.onDemand = "";
    await add(script, null);
  }
  return window.L;
}

function add(element, before) {
  return new Promise((resolve, reject) => {
    element.addEventListener("load", resolve, { once: true });
    element.addEventListener(
      "error",
      () => {
        element.remove();
        reject(new NetworkError(`${element.src ?? element.href} could not be loaded.`));
      },
      { once: true },
    );
    if (before) before.before(element);
    else document.head.append(element);
  });
}
