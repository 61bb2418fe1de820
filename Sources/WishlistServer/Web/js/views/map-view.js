import { PlaceholderView } from "./placeholder-view.js";

/** The Map tab: a marker for every wish with a place (W11, K3). */
export class MapView extends PlaceholderView {
  static icon = "map";
  static titleKey = "map.empty.title";
  static bodyKey = "map.empty.body";
}

customElements.define("wl-map-view", MapView);
