import { WISH } from "../common/record-kinds.js";
import { PAGE_SIZE, RecordList } from "../common/record-list.js";
import { wishService } from "./wish-service.js";
import { defineListView } from "../common/list-view.js";
import { shareButton } from "../sharing/share-sheet.js";
import "./wish-card.js";

/**
 * A list screen of wishes, newest first: the server's wishes asked for with `query`
 * (e.g. `{favorite: true}`), and any wish in the store that `matches`.
 */
export function wishListScreen({ query, matches, labelKey, empty }) {
  return {
    list: new RecordList({
      kind: WISH,
      sortKey: "createdAt",
      fetchPage: (cursor, options) => wishService.page({ ...query, sort: "newest", limit: PAGE_SIZE }, cursor, options),
      matches,
    }),
    card: "wl-wish-card",
    labelKey,
    empty,
    add: { href: "#/wishes/new", labelKey: "wish.add" },
  };
}

// The Wishes tab: every wish, newest first, page by page (W1–W4, K6). Every wish belongs here:
// one created or loaded elsewhere joins the list in its place. Its toolbar shares the list with friends.
defineListView("wl-wishes-view", {
  ...wishListScreen({
    query: {},
    matches: () => true,
    labelKey: "nav.wishes",
    empty: { icon: "wishes", titleKey: "wishes.empty.title", bodyKey: "wishes.empty.body", actionHref: "#/wishes/new", actionKey: "wishes.empty.action" },
  }),
  tools: shareButton,
});
