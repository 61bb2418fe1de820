// The wishes a journal entry mentions (D3): chips of the chosen wishes, each with a remove
// button, and a field that finds the person's own wishes by name as they type (the ARIA
// combobox pattern: arrows move, Enter picks, Escape closes). The wishes are read once,
// sorted by name, into the store, and searched there.

import { WISH } from "../common/record-kinds.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { store } from "../common/store.js";
import { wishService } from "../wishes/wish-service.js";

const PAGE = 100;
const MAX_PAGES = 20;
const SHOWN = 8;

/** `wishIds` gets and sets the mentioned wishes, in order; fires "change" when they change. */
export class WishMentions extends HTMLElement {
  #ids = [];
  #all = null;
  #results = [];
  #active = -1;

  get wishIds() {
    return [...this.#ids];
  }

  set wishIds(ids) {
    this.#ids = [...ids];
    for (const id of ids) if (!store.get(WISH, id)) wishService.load(id).then(() => this.#renderChips(), () => {});
    this.#renderChips();
  }

  connectedCallback() {
    if (this.firstChild) return;
    const inputId = this.getAttribute("input-id") ?? "mentions";
    this.innerHTML = `
      <div class="place-field">
        <div class="tag-input">
          <ul class="tag-input-chips" data-i18n-attr="aria-label:journal.form.mentioned"></ul>
          <input class="tag-input-field" id="${inputId}" type="text" role="combobox" autocomplete="off"
            aria-autocomplete="list" aria-expanded="false" aria-controls="${inputId}-options"
            data-i18n-attr="placeholder:journal.form.mentionPlaceholder">
        </div>
        <ul class="place-options" id="${inputId}-options" role="listbox" data-i18n-attr="aria-label:journal.form.mentionResults" hidden></ul>
      </div>`;
    i18n.localize(this);
    const input = this.querySelector("input");
    input.addEventListener("focus", () => this.#loadWishes());
    input.addEventListener("input", () => this.#search());
    input.addEventListener("keydown", (event) => this.#onKeyDown(event));
    input.addEventListener("blur", () => this.#close());
    const list = this.querySelector(".place-options");
    list.addEventListener("pointerdown", (event) => event.preventDefault());
    list.addEventListener("click", (event) => {
      const option = event.target.closest('[role="option"]');
      if (option) this.#choose(this.#results[Number(option.dataset.index)]);
    });
    this.#renderChips();
  }

  /** Every wish's id, sorted by name, read once. */
  async #loadWishes() {
    if (this.#all) return this.#all;
    this.#all = (async () => {
      const ids = [];
      let cursor = null;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await wishService.page({ sort: "name", limit: PAGE }, cursor);
        ids.push(...answer.ids);
        cursor = answer.nextCursor;
        if (!cursor) break;
      }
      return ids;
    })();
    this.#all.catch(() => {
      this.#all = null; // Asked again on the next focus.
    });
    return this.#all;
  }

  async #search() {
    const query = this.querySelector("input").value.trim().toLocaleLowerCase();
    if (query.length === 0) {
      this.#close();
      return;
    }
    let ids = [];
    try {
      ids = await this.#loadWishes();
    } catch {
      return;
    }
    if (this.querySelector("input").value.trim().toLocaleLowerCase() !== query) return;
    this.#results = ids
      .map((id) => store.get(WISH, id))
      .filter((wish) => wish && !this.#ids.includes(wish.id) && wish.name.toLocaleLowerCase().includes(query))
      .slice(0, SHOWN);
    this.#showResults();
  }

  #showResults() {
    this.#active = -1;
    const input = this.querySelector("input");
    const list = this.querySelector(".place-options");
    list.replaceChildren(
      ...this.#results.map((wish, index) => {
        const option = document.createElement("li");
        option.className = "place-option";
        option.id = `${input.id}-option-${index}`;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        option.dataset.index = String(index);
        option.textContent = wish.name;
        return option;
      }),
    );
    list.hidden = this.#results.length === 0;
    input.setAttribute("aria-expanded", String(!list.hidden));
  }

  #onKeyDown(event) {
    if (event.isComposing || event.keyCode === 229) return;
    const open = !this.querySelector(".place-options").hidden;
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const count = this.#results.length;
      this.#active = (this.#active + (event.key === "ArrowDown" ? 1 : -1) + count) % count;
      for (const option of this.querySelectorAll('[role="option"]')) {
        const active = Number(option.dataset.index) === this.#active;
        option.setAttribute("aria-selected", String(active));
        if (active) this.querySelector("input").setAttribute("aria-activedescendant", option.id);
      }
    } else if (event.key === "Enter") {
      event.preventDefault();
      this.#choose(this.#results[Math.max(this.#active, 0)]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      this.#close();
    }
  }

  #choose(wish) {
    if (!wish) return;
    this.#ids.push(wish.id);
    const input = this.querySelector("input");
    input.value = "";
    this.#close();
    this.#renderChips();
    this.dispatchEvent(new Event("change"));
    input.focus();
  }

  #close() {
    const input = this.querySelector("input");
    this.querySelector(".place-options").hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
  }

  #renderChips() {
    const list = this.querySelector(".tag-input-chips");
    if (!list) return;
    list.replaceChildren(
      ...this.#ids.map((id) => {
        const name = store.get(WISH, id)?.name ?? "…";
        const item = document.createElement("li");
        item.className = "tag-chip tag-chip-removable";
        item.innerHTML = `<span></span><button type="button" class="tag-chip-action tag-chip-remove">${icon("close", "icon icon-tiny")}</button>`;
        item.querySelector("span").textContent = name;
        const remove = item.querySelector("button");
        remove.setAttribute("aria-label", i18n.t("journal.form.unmention", { name }));
        remove.addEventListener("click", () => {
          this.#ids = this.#ids.filter((other) => other !== id);
          this.#renderChips();
          this.dispatchEvent(new Event("change"));
          this.querySelector("input").focus();
        });
        return item;
      }),
    );
    list.hidden = this.#ids.length === 0;
  }
}

customElements.define("wl-wish-mentions", WishMentions);
