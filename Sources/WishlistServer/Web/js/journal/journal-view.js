// The Journal tab (D1, D2): entries as cards, newest day first, under a heading per month,
// page by page while scrolling, with "All · Hearted" to switch between every entry and the
// hearted ones. Both lists follow the store, keyed by the entry's id: hearting an entry
// anywhere adds it to Hearted in its place, deleting it takes it out of both.

import { JOURNAL } from "../common/record-kinds.js";
import { formatMonth } from "./journal-format.js";
import { journalOrder, journalService } from "./journal-service.js";
import { PAGE_SIZE, RecordList } from "../common/record-list.js";
import { store } from "../common/store.js";
import { defineListView } from "../common/list-view.js";
import "./journal-card.js";

function journalList(hearted, matches) {
  return new RecordList({
    kind: JOURNAL,
    sortKey: journalOrder,
    fetchPage: (cursor, options) => journalService.page({ hearted, limit: PAGE_SIZE }, cursor, options),
    matches,
  });
}

const NEW_ENTRY = "#/journal/new";

defineListView("wl-journal-view", {
  segments: [
    {
      labelKey: "journal.all",
      list: journalList(false, () => true),
      empty: { icon: "journal", titleKey: "journal.empty.title", bodyKey: "journal.empty.body", actionHref: NEW_ENTRY, actionKey: "journal.empty.action" },
    },
    {
      labelKey: "journal.hearted",
      list: journalList(true, (entry) => entry.hearted === true),
      empty: { icon: "heart", titleKey: "journal.emptyHearted.title", bodyKey: "journal.emptyHearted.body" },
    },
  ],
  card: "wl-journal-card",
  labelKey: "nav.journal",
  add: { href: NEW_ENTRY, labelKey: "journal.add" },
  // A heading over each month's entries: the month is the first seven characters of the day.
  groups: {
    of: (id) => store.get(JOURNAL, id)?.date.slice(0, 7) ?? null,
    label: formatMonth,
  },
});
