// The calm line under the top bar while the server cannot be reached: the app shows what was
// kept when it was last seen (service-worker.js), says since when, and how many writes wait to
// be sent. It goes as soon as the server answers again.

import { i18n } from "../shell/i18n.js";
import { icon } from "../common/icons.js";
import { offlineStatus } from "./offline-status.js";

export class OfflineBanner extends HTMLElement {
  #onChange = () => this.#render();

  connectedCallback() {
    this.innerHTML = `
      <div class="offline-banner" role="status">
        ${icon("offline", "icon icon-small")}
        <p class="offline-banner-text">
          <span data-i18n="offline.banner"></span>
          <span class="offline-banner-detail offline-banner-fresh"></span>
          <span class="offline-banner-detail offline-banner-outbox"></span>
        </p>
      </div>`;
    offlineStatus.addEventListener("change", this.#onChange);
    i18n.addEventListener("change", this.#onChange);
    this.#render();
  }

  disconnectedCallback() {
    offlineStatus.removeEventListener("change", this.#onChange);
    i18n.removeEventListener("change", this.#onChange);
  }

  #render() {
    const { offline, freshAt, outboxCount } = offlineStatus;
    this.hidden = !offline;
    const fresh = this.querySelector(".offline-banner-fresh");
    fresh.hidden = !freshAt;
    if (freshAt) fresh.textContent = i18n.t("offline.freshAt", { time: freshText(freshAt) });
    const outbox = this.querySelector(".offline-banner-outbox");
    outbox.hidden = outboxCount === 0;
    outbox.textContent = i18n.t(outboxCount === 1 ? "offline.outbox.one" : "offline.outbox.other", { count: outboxCount });
    i18n.localize(this);
  }
}

/** The time alone when it was today, else the day too. */
function freshText(at) {
  const today = at.toDateString() === new Date().toDateString();
  const style = today ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(i18n.language, style).format(at);
}

customElements.define("wl-offline-banner", OfflineBanner);
