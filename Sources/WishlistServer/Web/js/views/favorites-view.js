import { PlaceholderView } from "./placeholder-view.js";

/** The Favorites tab: starred wishes (W6). */
export class FavoritesView extends PlaceholderView {
  static icon = "favorites";
  static titleKey = "favorites.empty.title";
  static bodyKey = "favorites.empty.body";
}

customElements.define("wl-favorites-view", FavoritesView);
