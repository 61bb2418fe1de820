// The wish editor's "Place" (W10): a combobox that searches the offline cities as you type (once
// typing pauses) and lists name, region and country; picking one sets the place. A × clears it,
// and "Choose on map" opens a map to put a pin anywhere. The ARIA combobox-with-listbox pattern:
// focus stays in the text field, arrows move the active option, Enter picks, Escape closes.

import { icon } from "../common/icons.js";
import { i18n, t } from "../shell/i18n.js";
import { describe } from "../common/messages.js";
import { placeFromCity, regionOf } from "./place-format.js";
import { placeService } from "./place-service.js";
import { PlacePicker, rememberPlace } from "./place-picker.js";

const DEBOUNCE_MS = 250;

/**
 * The place field. The text field gets the id in `input-id` (for its <label>) and
 * `aria-describedby` from `described-by`. `place` reads and sets the chosen place (or null);
 * `problem` is the catalog key of what is wrong (text typed but nothing picked), or null.
 */
export class PlaceField extends HTMLElement {
  #place = null;
  #results = [];
  #active = -1;
  #timer = null;
  #abort = null;

  get place() {
    return this.#place;
  }

  set place(place) {
    this.#place = place;
    rememberPlace(place);
    if (this.firstChild) this.#showPlace();
  }

  get problem() {
    const typed = this.querySelector("input")?.value.trim() ?? "";
    return typed.length > 0 && this.#place === null ? "validation.place.pick" : null;
  }

  connectedCallback() {
    if (this.firstChild) return;
    const inputId = this.getAttribute("input-id") ?? "place";
    const listId = `${inputId}-options`;
    this.innerHTML = `
      <div class="place-field">
        <div class="place-box">
          ${icon("pin", "icon place-box-icon")}
          <input class="input place-input" id="${inputId}" type="text" role="combobox" autocomplete="off" spellcheck="false"
            aria-autocomplete="list" aria-expanded="false" aria-controls="${listId}"
            aria-describedby="${this.getAttribute("described-by") ?? ""}" data-i18n-attr="placeholder:place.placeholder">
          <button type="button" class="icon-button place-clear" data-i18n-attr="aria-label:place.clear;title:place.clear" hidden>
            ${icon("close", "icon icon-small")}
          </button>
        </div>
        <ul class="place-options" id="${listId}" role="listbox" data-i18n-attr="aria-label:place.results" hidden></ul>
        <p class="visually-hidden place-status" role="status"></p>
      </div>
      <div class="place-under">
        <p class="field-hint place-address" id="${inputId}-address"></p>
        <button type="button" class="button button-quiet place-on-map">${icon("map", "icon icon-small")}<span data-i18n="place.chooseOnMap"></span></button>
      </div>`;
    i18n.localize(this);
    const input = this.querySelector("input");
    input.setAttribute("aria-describedby", `${input.getAttribute("aria-describedby")} ${inputId}-address`.trim());
    input.addEventListener("input", () => this.#onInput());
    input.addEventListener("keydown", (event) => this.#onKeyDown(event));
    input.addEventListener("blur", () => this.#close());
    this.querySelector(".place-clear").addEventListener("click", () => {
      this.#choose(null);
      input.focus();
    });
    this.querySelector(".place-on-map").addEventListener("click", () => this.#chooseOnMap());
    const list = this.querySelector(".place-options");
    // pointerdown, not click: the field must keep focus (its blur would close the list first).
    list.addEventListener("pointerdown", (event) => event.preventDefault());
    list.addEventListener("click", (event) => {
      const option = event.target.closest('[role="option"]');
      if (option) this.#choose(placeFromCity(this.#results[Number(option.dataset.index)]));
    });
    this.#showPlace();
  }

  disconnectedCallback() {
    clearTimeout(this.#timer);
    this.#abort?.abort();
  }

  #onInput() {
    const query = this.querySelector("input").value.trim();
    // Typing again means looking for another place: the one chosen is no longer what the field says.
    this.#place = null;
    this.#syncClear();
    this.#announceAddress();
    clearTimeout(this.#timer);
    this.#abort?.abort();
    if (query.length === 0) {
      this.#close();
      this.#status("");
      return;
    }
    this.#timer = setTimeout(() => this.#search(query), DEBOUNCE_MS);
  }

  async #search(query) {
    const abort = new AbortController();
    this.#abort = abort;
    this.#status(t("place.searching"));
    try {
      const results = await placeService.search(query, { signal: abort.signal });
      if (abort.signal.aborted) return;
      this.#showResults(results, query);
    } catch (error) {
      if (abort.signal.aborted) return;
      this.#close();
      const { key, text } = describe(error);
      this.#status(key ? t(key) : text);
    }
  }

  #showResults(results, query) {
    this.#results = results;
    this.#active = -1;
    const list = this.querySelector(".place-options");
    const inputId = this.querySelector("input").id;
    list.replaceChildren(
      ...results.map((city, index) => {
        const option = document.createElement("li");
        option.className = "place-option";
        option.id = `${inputId}-option-${index}`;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        option.dataset.index = String(index);
        const name = document.createElement("span");
        name.className = "place-option-name";
        name.textContent = city.name;
        const region = document.createElement("span");
        region.className = "place-option-region";
        region.textContent = regionOf(city) ?? "";
        option.append(name, region);
        return option;
      }),
    );
    if (results.length === 0) {
      this.#close();
      this.#status(t("place.none", { query }));
      return;
    }
    list.hidden = false;
    this.querySelector("input").setAttribute("aria-expanded", "true");
    this.#status(t("place.found", { count: results.length }));
  }

  #onKeyDown(event) {
    if (event.isComposing || event.keyCode === 229) return;
    const open = !this.querySelector(".place-options").hidden;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!open) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      this.#setActive((this.#active + step + this.#results.length) % this.#results.length);
    } else if (event.key === "Enter" && open) {
      // Enter picks from the list, never submits the form behind it.
      event.preventDefault();
      this.#choose(placeFromCity(this.#results[Math.max(this.#active, 0)]));
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      this.#close();
    }
  }

  #setActive(index) {
    this.#active = index;
    const input = this.querySelector("input");
    for (const option of this.querySelectorAll('[role="option"]')) {
      const active = Number(option.dataset.index) === index;
      option.setAttribute("aria-selected", String(active));
      if (active) {
        input.setAttribute("aria-activedescendant", option.id);
        option.scrollIntoView({ block: "nearest" });
      }
    }
  }

  #choose(place) {
    this.#place = place;
    rememberPlace(place);
    this.#close();
    this.#showPlace();
    this.#status(place ? t("place.chosen", { name: place.name }) : "");
    this.dispatchEvent(new CustomEvent("placechange", { bubbles: true, detail: place }));
  }

  async #chooseOnMap() {
    // A photo added to the same form may know where it was taken: the map starts there then.
    const photoPlace = this.closest("form")?.querySelector("wl-photo-picker")?.photoPlace ?? null;
    const place = await PlacePicker.pick(this.#place, { photoPlace });
    if (place) this.#choose(place);
    this.querySelector(".place-on-map").focus();
  }

  #close() {
    const input = this.querySelector("input");
    this.querySelector(".place-options").hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    this.#active = -1;
  }

  #showPlace() {
    this.querySelector("input").value = this.#place?.name ?? "";
    this.#syncClear();
    this.#announceAddress();
  }

  #syncClear() {
    this.querySelector(".place-clear").hidden = this.#place === null && this.querySelector("input").value.length === 0;
  }

  #announceAddress() {
    const address = this.querySelector(".place-address");
    address.textContent = this.#place?.address ?? "";
    address.hidden = !this.#place?.address;
  }

  #status(text) {
    this.querySelector(".place-status").textContent = text;
  }
}

customElements.define("wl-place-field", PlaceField);
