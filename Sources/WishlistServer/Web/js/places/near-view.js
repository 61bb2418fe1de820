// Near me (K4): asks for the device's position, then lists the person's wishes with a place,
// the K-culture spots and the journal's entries with a place (three tabs) nearest first, each card with its distance ("850 m", "12 km"),
// page by page as the list scrolls (one load at a time, through RecordList); a place known
// from several works is one spot card naming them all. Location trouble is said plainly, with a retry.

import { JOURNAL, SPOT, WISH } from "../common/record-kinds.js";
import { API } from "../common/api-routes.js";
import { currentPosition, LocationError } from "./geolocation.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { formatDistance } from "./place-format.js";
import { placeService } from "./place-service.js";
import { RecordList } from "../common/record-list.js";
import { spotService } from "../spots/spot-service.js";
import { SpotPlaces } from "../spots/spot-places.js";
import { TabList } from "../common/tab-list.js";
import "../journal/journal-card.js";
import "../common/record-grid.js";
import "../spots/spot-card.js";
import "../wishes/wish-card.js";

/** The lists, each a kind of record, its page of nearest records and its grid's empty state. */
const LISTS = [
  {
    name: "wishes",
    kind: WISH,
    card: "wl-wish-card",
    labelKey: "near.wishes",
    near: (...args) => placeService.near(...args),
    empty: { icon: "pin", titleKey: "near.empty.title", bodyKey: "near.empty.body", actionHref: "#/wishes/new", actionKey: "wish.add" },
  },
  {
    name: "spots",
    kind: SPOT,
    card: "wl-spot-card",
    labelKey: "near.spots",
    near: (...args) => spotService.near(...args),
    // One card a place, naming every work it is known from.
    byPlace: true,
    empty: { icon: "spot", titleKey: "near.noSpots.title", bodyKey: "near.noSpots.body", actionHref: "#/discover/spots", actionKey: "spots.browse" },
  },
  {
    name: "journal",
    kind: JOURNAL,
    card: "wl-journal-card",
    labelKey: "nav.journal",
    near: (...args) => placeService.nearby({ route: API.journal.near, kind: JOURNAL, key: "entry" }, ...args),
    empty: { icon: "journal", titleKey: "near.noEntries.title", bodyKey: "near.noEntries.body", actionHref: "#/journal/new", actionKey: "journal.new.title" },
  },
];
// The tab last chosen, for the next visit.
let lastTab = "wishes";

/** The "Near me" screen below the Map tab. */
export class NearView extends HTMLElement {
  #lists = [];
  #distances = new Map();
  #places = null;
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
      <div class="near-lists" hidden>
        <div class="category-tabs" role="tablist" data-i18n-attr="aria-label:near.kinds">
          ${LISTS.map(
            ({ name, labelKey }) => `
            <button type="button" role="tab" class="category-tab" id="near-tab-${name}" data-tab="${name}"
              aria-controls="near-panel-${name}" aria-selected="false" tabindex="-1"><span data-i18n="${labelKey}"></span></button>`,
          ).join("")}
        </div>
        ${LISTS.map(
          ({ name, labelKey, card }) => `
          <div role="tabpanel" id="near-panel-${name}" aria-labelledby="near-tab-${name}" hidden>
            <wl-record-grid label="${labelKey}" card="${card}"></wl-record-grid>
          </div>`,
        ).join("")}
      </div>`;
    i18n.localize(this);
    new TabList(this.querySelector('[role="tablist"]'), {
      onSelect: (name) => {
        lastTab = name;
      },
    }).select(lastTab);
    this.querySelector(".near-problem button").addEventListener("click", () => this.#start());
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#start();
  }

  disconnectedCallback() {
    this.#disposed = true;
    for (const list of this.#lists) list.dispose();
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
    this.querySelector(".near-lists").hidden = false;
    for (const list of this.#lists) list.dispose();
    this.#places = new SpotPlaces();
    this.#lists = LISTS.map(({ name, kind, near, empty, byPlace }) => {
      const list = new RecordList({
        kind,
        fetchPage: async (cursor, options) => {
          const page = await near(fix.latitude, fix.longitude, cursor, options);
          for (const [id, meters] of page.distances) this.#distances.set(id, meters);
          if (!byPlace) return page;
          const kept = { ...page, ids: this.#places.keep(page.ids) };
          // A place's spot on this page may have joined a card already shown: its note names it now.
          this.#applyDistances();
          return kept;
        },
      });
      const grid = this.querySelector(`#near-panel-${name} wl-record-grid`);
      grid.empty = empty;
      grid.list = list;
      return list;
    });
    this.#applyDistances();
  }

  /** Each card's note: its distance, and for a spot, the other spots at its place (whose works it names too). */
  #applyDistances() {
    for (const grid of this.querySelectorAll("wl-record-grid")) {
      grid.noteFor = (id) => {
        if (!this.#distances.has(id)) return null;
        const distance = formatDistance(this.#distances.get(id));
        const alsoIn = this.#places?.othersAt(id) ?? [];
        return alsoIn.length ? { text: distance, alsoIn } : distance;
      };
    }
  }
}

customElements.define("wl-near-view", NearView);
