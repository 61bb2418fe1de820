import { defineListView } from "../common/list-view.js";
import { wishListScreen } from "./wishes-view.js";

// The Favorites tab: starred wishes, newest first (W6); starring anywhere adds or removes here at once.
defineListView(
  "wl-favorites-view",
  wishListScreen({
    query: { favorite: true },
    matches: (wish) => wish.favorite === true,
    labelKey: "nav.favorites",
    empty: { icon: "favorites", titleKey: "favorites.empty.title", bodyKey: "favorites.empty.body", actionHref: "#/wishes", actionKey: "favorites.empty.action" },
  }),
);
