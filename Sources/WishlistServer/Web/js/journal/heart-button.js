// The heart of one journal entry (D2), in the entry's header and on its card: filled when
// hearted, and named for what pressing it does ("Heart" or "Remove heart").

import { JOURNAL } from "../common/record-kinds.js";
import { i18n } from "../shell/i18n.js";
import { journalService } from "./journal-service.js";
import { RecordToggle } from "../common/record-toggle.js";

/** The heart button of the entry in its `record-id` attribute. */
export class HeartButton extends RecordToggle {
  static kind = JOURNAL;
  static field = "hearted";
  static icon = "heart";
  static className = "star-button heart-button";
  static failedKey = "journal.heartFailed";

  describe(button, entry) {
    const key = entry.hearted ? "journal.unheart" : "journal.heart";
    button.setAttribute("aria-label", i18n.t(key, { title: entry.title }));
    button.title = i18n.t(key, { title: entry.title });
  }

  send(id, hearted) {
    return journalService.setHearted(id, hearted);
  }
}

customElements.define("wl-heart-button", HeartButton);
