import { PlaceholderView } from "./placeholder-view.js";

/** The Journal tab (D1–D3, still to come): says so plainly. */
export class JournalView extends PlaceholderView {
  static icon = "journal";
  static titleKey = "journal.soon.title";
  static bodyKey = "journal.soon.body";
}

customElements.define("wl-journal-view", JournalView);
