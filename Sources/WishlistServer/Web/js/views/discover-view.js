import { PlaceholderView } from "./placeholder-view.js";

/** The Discover tab (GIF search, trending and favorites, G1–G10, still to come): says so plainly. */
export class DiscoverView extends PlaceholderView {
  static icon = "discover";
  static titleKey = "discover.soon.title";
  static bodyKey = "discover.soon.body";
}

customElements.define("wl-discover-view", DiscoverView);
