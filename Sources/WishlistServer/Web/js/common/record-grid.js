// A grid of cards for a RecordList: skeletons while the first page comes,
// more pages as the end scrolls into view (with a "Load more" button for when
// the observer cannot help), an empty state, and a plain error with "Try again" (K6, K7).
// The cards are custom elements that draw the record in their `record-id` attribute
// from the store (wl-wish-card for wishes), and may show a `note`. A grid may be
// grouped (the journal by month): a heading starts each run of cards of the same group,
// and may say where a list ends (the GIFs: no more results, or as far as Giphy pages).

import { icon } from "./icons.js";
import { i18n } from "../shell/i18n.js";
import "./error-panel.js";

const SKELETONS_FIRST = 6;
const SKELETONS_MORE = 2;
// Start the next page a little before the end is on screen, so scrolling rarely waits.
const PRELOAD_MARGIN = "0px 0px 480px 0px";

/**
 * Shows `list` (a RecordList) with `empty` as its friendly empty state; the `label`
 * attribute is the catalog key naming the list, the `card` attribute the card element's name.
 */
export class RecordGrid extends HTMLElement {
  #list = null;
  #observer = null;
  #cards = new Map();
  #onChange = () => this.#render();
  #empty = null;
  #noteFor = null;
  #groups = null;
  #endNote = null;
  #headings = new Map();
  #onLanguageChange = () => this.#relabel();

  /**
   * Groups the cards: `of(id)` gives the key of a card's group, `label(key)` the heading shown
   * over each run of cards of one group (asked again when the language changes); null for none.
   */
  set groups(groups) {
    this.#groups = groups;
    if (this.isConnected) this.#render();
  }

  /** `noteFor(id)` gives each card its note line (e.g. a distance), or null; setting it updates every card. */
  set noteFor(noteFor) {
    this.#noteFor = noteFor;
    for (const [id, item] of this.#cards) item.firstChild.note = noteFor?.(id) ?? null;
  }

  /**
   * `endNote(list)` gives the catalog key of the line shown under a list that has no more pages
   * (it may read `list.end`), or null for none.
   */
  set endNote(endNote) {
    this.#endNote = endNote;
    if (this.isConnected) this.#render();
  }

  /** The empty state: `{icon, titleKey, bodyKey, args, actionHref, actionKey}`. */
  set empty(empty) {
    this.#empty = empty;
    this.querySelector(".record-grid-empty")?.replaceChildren();
    if (this.isConnected) this.#render();
  }

  set list(list) {
    this.#list?.removeEventListener("change", this.#onChange);
    this.#list = list;
    if (this.isConnected) this.#attach();
  }

  connectedCallback() {
    if (!this.firstChild) {
      this.innerHTML = `
        <ul class="record-grid" data-i18n-attr="aria-label:${this.getAttribute("label")}"></ul>
        <div class="record-grid record-grid-skeletons" aria-hidden="true"></div>
        <div class="record-grid-empty"></div>
        <wl-error-panel hidden></wl-error-panel>
        <div class="record-grid-footer">
          <button type="button" class="button button-secondary" data-action="more" hidden>
            <span data-i18n="list.loadMore"></span>
          </button>
          <p class="record-grid-end" hidden></p>
        </div>
        <div class="record-grid-sentinel"></div>`;
      this.querySelector('[data-action="more"]').addEventListener("click", () => this.#list?.loadMore());
      this.querySelector("wl-error-panel").addEventListener("retry", () => this.#list?.retry());
      i18n.localize(this);
    }
    this.#observer = new IntersectionObserver((entries) => this.#onSentinel(entries), { rootMargin: PRELOAD_MARGIN });
    this.#observer.observe(this.querySelector(".record-grid-sentinel"));
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#attach();
  }

  disconnectedCallback() {
    i18n.removeEventListener("change", this.#onLanguageChange);
    this.#observer?.disconnect();
    this.#list?.removeEventListener("change", this.#onChange);
  }

  #attach() {
    if (!this.#list) return;
    this.#list.addEventListener("change", this.#onChange);
    if (!this.#list.loaded && !this.#list.loading) this.#list.loadMore();
    this.#render();
  }

  #onSentinel(entries) {
    const list = this.#list;
    if (!list || !entries.some((entry) => entry.isIntersecting)) return;
    if (list.loaded && list.hasMore && !list.loading && !list.error) list.loadMore();
  }

  #render() {
    const list = this.#list;
    if (!list) return;
    const grid = this.querySelector("ul.record-grid");
    this.#renderCards(grid, list.ids);
    grid.setAttribute("aria-busy", String(list.loading));
    grid.hidden = list.ids.length === 0;

    const skeletons = this.querySelector(".record-grid-skeletons");
    const skeletonCount = !list.loading ? 0 : list.ids.length === 0 ? SKELETONS_FIRST : SKELETONS_MORE;
    skeletons.hidden = skeletonCount === 0;
    if (skeletons.childElementCount !== skeletonCount) {
      // Cards that are rows (a card class with `static skeleton = "row"`) get row-shaped skeletons,
      // and tiles (`"tile"`: a picture alone) plain squares.
      const shape = customElements.get(this.getAttribute("card"))?.skeleton;
      const cover = shape === "row" ? "" : '<div class="skeleton skeleton-cover"></div>';
      skeletons.innerHTML = shape === "tile"
        ? '<div class="skeleton skeleton-tile"></div>'.repeat(skeletonCount)
        : `<div class="skeleton-card">${cover}<div class="skeleton skeleton-line"></div><div class="skeleton skeleton-line skeleton-short"></div></div>`.repeat(skeletonCount);
    }

    const panel = this.querySelector("wl-error-panel");
    panel.hidden = !list.error;
    if (list.error && panel.error !== list.error) panel.error = list.error;

    const isEmpty = list.loaded && !list.loading && !list.error && list.ids.length === 0 && !list.hasMore;
    this.#renderEmpty(isEmpty);

    const more = this.querySelector('[data-action="more"]');
    more.hidden = !(list.loaded && list.hasMore && !list.loading && !list.error);
    const endKey = list.loaded && !list.hasMore && list.ids.length > 0 ? this.#endNote?.(list) : null;
    const end = this.querySelector(".record-grid-end");
    end.hidden = !endKey;
    if (endKey && end.dataset.i18n !== endKey) {
      end.dataset.i18n = endKey;
      i18n.localize(end);
    }

    // Ask the observer again: if the end is still in view after this page, the next one is wanted too.
    if (!list.loading && this.#observer) {
      const sentinel = this.querySelector(".record-grid-sentinel");
      this.#observer.unobserve(sentinel);
      this.#observer.observe(sentinel);
    }
  }

  /**
   * Puts a card per id in order (and a heading before each new group), reusing the cards
   * and headings already there so nothing flickers or loses focus.
   */
  #renderCards(grid, ids) {
    const wanted = new Set(ids);
    for (const [id, item] of this.#cards) {
      if (!wanted.has(id)) {
        item.remove();
        this.#cards.delete(id);
      }
    }
    const items = [];
    let group = null;
    for (const id of ids) {
      const next = this.#groups?.of(id) ?? null;
      if (next !== null && next !== group) items.push(this.#heading(next));
      group = next;
      items.push(this.#card(id));
    }
    const shown = new Set(items);
    for (const [key, heading] of this.#headings) {
      if (!shown.has(heading)) {
        heading.remove();
        this.#headings.delete(key);
      }
    }
    let previous = null;
    for (const item of items) {
      const expected = previous ? previous.nextSibling : grid.firstChild;
      if (item !== expected) grid.insertBefore(item, expected);
      previous = item;
    }
  }

  #card(id) {
    let item = this.#cards.get(id);
    if (!item) {
      item = document.createElement("li");
      const card = document.createElement(this.getAttribute("card"));
      card.setAttribute("record-id", id);
      card.note = this.#noteFor?.(id) ?? null;
      item.append(card);
      this.#cards.set(id, item);
    }
    return item;
  }

  /** The heading item of the group `key`. */
  #heading(key) {
    let item = this.#headings.get(key);
    if (!item) {
      item = document.createElement("li");
      item.className = "record-grid-heading";
      item.innerHTML = '<h2 class="section-title"></h2>';
      item.firstChild.textContent = this.#groups.label(key);
      this.#headings.set(key, item);
    }
    return item;
  }

  #relabel() {
    for (const [key, item] of this.#headings) item.firstChild.textContent = this.#groups.label(key);
  }

  #renderEmpty(show) {
    const holder = this.querySelector(".record-grid-empty");
    holder.hidden = !show;
    if (!show || holder.firstChild || !this.#empty) return;
    const { icon: iconName, titleKey, bodyKey, args = {}, actionHref, actionKey } = this.#empty;
    holder.innerHTML = `
      <section class="empty-state">
        <div class="empty-state-icon">${icon(iconName)}</div>
        <h2 class="empty-state-title" data-i18n="${titleKey}"></h2>
        <p class="empty-state-body" data-i18n="${bodyKey}"></p>
        ${actionHref ? `<a class="button button-primary" href="${actionHref}" data-i18n="${actionKey}"></a>` : ""}
      </section>`;
    for (const element of holder.querySelectorAll("[data-i18n]")) element.dataset.i18nArgs = JSON.stringify(args);
    i18n.localize(holder);
  }
}

customElements.define("wl-record-grid", RecordGrid);
