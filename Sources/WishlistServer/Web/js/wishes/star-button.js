// The favorite toggle of one wish (W6), the same on cards and in detail; every star
// of the same wish on screen flips together (W15).

import { WISH } from "../common/record-kinds.js";
import { i18n } from "../shell/i18n.js";
import { wishService } from "./wish-service.js";
import { RecordToggle } from "../common/record-toggle.js";

/** A star button with aria-pressed for the wish in its `record-id` attribute. */
export class StarButton extends RecordToggle {
  static kind = WISH;
  static field = "favorite";
  static icon = "favorites";
  static className = "star-button";
  static failedKey = "wish.favoriteFailed";

  describe(button, wish) {
    button.setAttribute("aria-pressed", String(wish.favorite));
    // The name stays the same whichever way it is pressed; aria-pressed says the state.
    button.setAttribute("aria-label", i18n.t("wish.favorite", { name: wish.name }));
    button.title = i18n.t(wish.favorite ? "wish.unstar" : "wish.star");
  }

  send(id, favorite) {
    return wishService.setFavorite(id, favorite);
  }
}

customElements.define("wl-star-button", StarButton);
