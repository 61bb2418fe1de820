import { WishList } from "../wish-list.js";
import { wishService } from "../wish-service.js";
import { PAGE_SIZE, WishListView } from "./wish-list-view.js";

/** The Wishes tab: every wish, newest first, page by page (W1–W4, K6). */
export class WishesView extends WishListView {
  static list = new WishList({
    fetchPage: (cursor, options) => wishService.page({ sort: "newest", limit: PAGE_SIZE }, cursor, options),
    // Every wish belongs here: one created or loaded elsewhere joins the list in its place.
    matches: () => true,
  });
  static empty = {
    icon: "wishes",
    titleKey: "wishes.empty.title",
    bodyKey: "wishes.empty.body",
    actionHref: "#/wishes/new",
    actionKey: "wishes.empty.action",
  };
  static labelKey = "nav.wishes";
}

customElements.define("wl-wishes-view", WishesView);
