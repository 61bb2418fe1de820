import { PlaceholderView } from "./placeholder-view.js";

/** The Journal tab: entries newest first, hearts (D1–D3). */
export class JournalView extends PlaceholderView {
  static icon = "journal";
  static titleKey = "journal.empty.title";
  static bodyKey = "journal.empty.body";
}

customElements.define("wl-journal-view", JournalView);
