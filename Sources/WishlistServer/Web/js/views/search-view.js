import { PlaceholderView } from "./placeholder-view.js";

/** The Search tab: wishes by name and tag, and places (W5, K1, K2). */
export class SearchView extends PlaceholderView {
  static icon = "search";
  static titleKey = "search.empty.title";
  static bodyKey = "search.empty.body";
}

customElements.define("wl-search-view", SearchView);
