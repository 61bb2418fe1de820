// The favorite toggle of one GIF (G5, G6) in its detail sheet. A 21st favorite is refused by the
// server; the sheet says why beside the star, which stays off.

import { GIF } from "../common/record-kinds.js";
import { gifService, gifTitle } from "./gif-service.js";
import { i18n } from "../shell/i18n.js";
import { RecordToggle } from "../common/record-toggle.js";

/** A star button with aria-pressed for the GIF in its `record-id` attribute. */
export class GifStarButton extends RecordToggle {
  static kind = GIF;
  static field = "favorite";
  static icon = "favorites";
  static className = "star-button";
  static failedKey = "gifs.favoriteFailed";

  describe(button, gif) {
    button.setAttribute("aria-pressed", String(gif.favorite));
    button.setAttribute("aria-label", i18n.t("gifs.favorite", { name: gifTitle(gif) }));
    button.title = i18n.t(gif.favorite ? "gifs.unstar" : "gifs.star");
  }

  send(id, favorite) {
    return gifService.setFavorite(id, favorite);
  }

  failed(error) {
    if (error?.code === "favorites_full") this.dispatchEvent(new CustomEvent("favorites-full", { bubbles: true }));
    else super.failed(error);
  }
}

customElements.define("wl-gif-star-button", GifStarButton);
