import { PlaceholderView } from "./placeholder-view.js";

/** The Discover tab: GIF search, trending and favorites (G1–G10). */
export class DiscoverView extends PlaceholderView {
  static icon = "discover";
  static titleKey = "discover.empty.title";
  static bodyKey = "discover.empty.body";
}

customElements.define("wl-discover-view", DiscoverView);
