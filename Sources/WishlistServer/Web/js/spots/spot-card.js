// One K-culture spot in a grid (K8): the kind of place, its name, the work or artist it is
// known from (with those of other spots at the same place, on Near me), its address, an optional note (a distance) and the wishes' gift once it is saved as
// a wish (not a star: a saved wish is not a favorite until starred). It draws itself from the store and follows it (W15), so saving it anywhere shows here at once.

import { SPOT } from "../common/record-kinds.js";
import { icon } from "../common/icons.js";
import { i18n, t } from "../shell/i18n.js";
import { placeTypeName } from "../places/place-format.js";
import { store } from "../common/store.js";

/** The card of the spot in its `record-id` attribute (a card of wl-record-grid). */
export class SpotCard extends HTMLElement {
  #unsubscribe = null;
  #note = null;
  #onLanguageChange = () => this.#update();

  /**
   * A short line under the name, such as the distance on "Near me"; null for none. Or
   * `{text, alsoIn}`: the line, and the other spots at the same place, whose works join this one's.
   */
  set note(note) {
    this.#note = note;
    this.#update();
  }

  get spotId() {
    return this.getAttribute("record-id");
  }

  connectedCallback() {
    if (!this.firstChild) {
      this.innerHTML = `
        <article class="spot-card">
          <a class="spot-card-link" href="#/spots/${encodeURIComponent(this.spotId)}">
            <span class="spot-card-kind"><span class="spot-card-icon">${icon("pin", "icon icon-small")}</span><span class="spot-card-type"></span></span>
            <h3 class="spot-card-name"></h3>
            <p class="spot-card-title"></p>
            <p class="spot-card-address"></p>
            <p class="spot-card-note" hidden></p>
          </a>
          <span class="spot-card-saved" hidden>${icon("wishes", "icon icon-small")}</span>
        </article>`;
    }
    this.#unsubscribe = store.subscribe(({ kind, ids }) => {
      if (kind === SPOT && ids.includes(this.spotId)) this.#update();
    });
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#update();
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
    i18n.removeEventListener("change", this.#onLanguageChange);
  }

  #update() {
    const spot = store.get(SPOT, this.spotId);
    if (!spot || !this.firstChild) return;
    this.querySelector(".spot-card-type").textContent = placeTypeName(spot.placeType);
    this.querySelector(".spot-card-name").textContent = spot.name;
    const { text = null, alsoIn = [] } = typeof this.#note === "string" ? { text: this.#note } : (this.#note ?? {});
    this.querySelector(".spot-card-title").textContent = works([spot, ...alsoIn]);
    this.querySelector(".spot-card-address").textContent = spot.address;
    const note = this.querySelector(".spot-card-note");
    note.hidden = !text;
    note.textContent = text ?? "";
    const saved = this.querySelector(".spot-card-saved");
    saved.hidden = !spot.wishId;
    saved.setAttribute("role", "img");
    saved.setAttribute("aria-label", t("spot.saved"));
  }
}

/** The works or artists of `spots`, by kind in the order met: "Drama · Goblin, Guardian; Show · Running Man". */
function works(spots) {
  const byType = Map.groupBy(spots, (spot) => spot.type);
  return [...byType]
    .map(([type, group]) => `${t(`spot.type.${type}`)} · ${[...new Set(group.map((spot) => spot.title))].join(", ")}`)
    .join("; ");
}

customElements.define("wl-spot-card", SpotCard);
