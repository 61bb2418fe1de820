// Near me (K4): asks for the device's position, then lists the wishes with a place nearest
// first, each card with its distance ("850 m", "12 km"), page by page as the list scrolls
// (one load at a time, through RecordList). Location trouble is said plainly, with a retry.

import { currentPosition, LocationError } from "../geolocation.js";
import { icon } from "../icons.js";
import { i18n } from "../i18n.js";
import { formatDistance } from "../place-format.js";
import { placeService } from "../place-service.js";
import { RecordList } from "../record-list.js";
import { WISH } from "../wish-service.js";
import "../components/record-grid.js";
import "../components/wish-card.js";

/** The "Near me" screen below the Map tab. */
export class NearView extends HTMLElement {
  #list = null;
  #distances = new Map();
  #disposed = false;
  #onLanguageChange = () => this.#applyDistances();

  connectedCallback() {
    this.#disposed = false;
    this.innerHTML = `
      <p class="near-status" role="status"></p>
      <div class="near-problem" hidden>
        <section class="empty-state">
          <div class="empty-state-icon">${icon("locate")}</div>
          <h2 class="empty-state-title" data-i18n="near.noLocation"></h2>
          <p class="empty-state-body" role="alert"></p>
          <button type="button" class="button button-primary" data-i18n="error.retry"></button>
        </section>
      </div>
      <wl-record-grid label="near.title" card="wl-wish-card"></wl-record-grid>`;
    i18n.localize(this);
    this.querySelector(".near-problem button").addEventListener("click", () => this.#start());
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#start();
  }

  disconnectedCallback() {
    this.#disposed = true;
    this.#list?.dispose();
    i18n.removeEventListener("change", this.#onLanguageChange);
  }

  async #start() {
    const status = this.querySelector(".near-status");
    const problem = this.querySelector(".near-problem");
    problem.hidden = true;
    status.hidden = false;
    status.dataset.i18n = "near.locating";
    i18n.localize(status);
    let fix;
    try {
      fix = await currentPosition();
    } catch (error) {
      if (this.#disposed) return;
      status.hidden = true;
      const code = error instanceof LocationError ? error.code : "unavailable";
      const body = problem.querySelector(".empty-state-body");
      body.dataset.i18n = `location.${code}`;
      i18n.localize(body);
      problem.hidden = false;
      return;
    }
    if (this.#disposed) return;
    status.hidden = true;
    this.#list?.dispose();
    this.#list = new RecordList({
      kind: WISH,
      fetchPage: async (cursor, options) => {
        const page = await placeService.near(fix.latitude, fix.longitude, cursor, options);
        for (const [id, meters] of page.distances) this.#distances.set(id, meters);
        return page;
      },
    });
    const grid = this.querySelector("wl-record-grid");
    grid.empty = {
      icon: "pin",
      titleKey: "near.empty.title",
      bodyKey: "near.empty.body",
      actionHref: "#/wishes/new",
      actionKey: "wish.add",
    };
    this.#applyDistances();
    grid.list = this.#list;
  }

  #applyDistances() {
    const grid = this.querySelector("wl-record-grid");
    grid.noteFor = (id) => (this.#distances.has(id) ? formatDistance(this.#distances.get(id)) : null);
  }
}

customElements.define("wl-near-view", NearView);
