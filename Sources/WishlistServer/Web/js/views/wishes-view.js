import { PlaceholderView } from "./placeholder-view.js";

/** The Wishes tab: every wish, newest first (W1–W4). */
export class WishesView extends PlaceholderView {
  static icon = "wishes";
  static titleKey = "wishes.empty.title";
  static bodyKey = "wishes.empty.body";
}

customElements.define("wl-wishes-view", WishesView);
