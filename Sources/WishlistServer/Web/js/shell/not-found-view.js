import { PlaceholderView } from "../common/placeholder-view.js";
import { HOME_PATH } from "./tabs.js";

/** Shown for an address that names no screen, with a way back home. */
export class NotFoundView extends PlaceholderView {
  static icon = "discover";
  static titleKey = "notFound.title";
  static bodyKey = "notFound.body";

  actionMarkup() {
    return `<a class="button button-primary" href="#${HOME_PATH}" data-i18n="notFound.action"></a>`;
  }
}

customElements.define("wl-not-found-view", NotFoundView);
