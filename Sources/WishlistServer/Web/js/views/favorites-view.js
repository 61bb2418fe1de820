import { WishList } from "../wish-list.js";
import { wishService } from "../wish-service.js";
import { PAGE_SIZE, WishListView } from "./wish-list-view.js";

/** The Favorites tab: starred wishes, newest first (W6); starring anywhere adds or removes here at once. */
export class FavoritesView extends WishListView {
  static list = new WishList({
    fetchPage: (cursor, options) => wishService.page({ favorite: true, sort: "newest", limit: PAGE_SIZE }, cursor, options),
    matches: (wish) => wish.favorite === true,
  });
  static empty = {
    icon: "favorites",
    titleKey: "favorites.empty.title",
    bodyKey: "favorites.empty.body",
    actionHref: "#/wishes",
    actionKey: "favorites.empty.action",
  };
  static labelKey = "nav.favorites";
}

customElements.define("wl-favorites-view", FavoritesView);
