// Tags typed as chips sized to their text (W13): Enter or a comma adds what
// was typed, each chip's × removes it, Backspace in the empty field removes the
// last one. Tags are tidied like the server does (trimmed, inner spaces
// collapsed, a repeat that differs only in case ignored) so what you see is what is saved.

import { icon } from "./icons.js";
import { i18n } from "../shell/i18n.js";
import { limits } from "./limits.js";

/** Most tags a wish can have, and most characters in one (the server's limits). */
export const TAG_LIMITS = Object.freeze({ count: limits.tagCount, length: limits.tagLength });

/**
 * A chip editor. The text field gets the id in `input-id` (for its <label>) and
 * `aria-describedby` from `described-by`. `tags` reads and sets the chips; a
 * "tagproblem" event carries the catalog key of what was wrong with the last
 * entry (or null when it was fine).
 */
export class TagInput extends HTMLElement {
  #tags = [];

  connectedCallback() {
    if (this.firstChild) return;
    this.innerHTML = `
      <div class="tag-input">
        <ul class="tag-input-chips"></ul>
        <input class="tag-input-field" type="text" autocomplete="off" enterkeyhint="enter">
      </div>`;
    const field = this.querySelector("input");
    field.id = this.getAttribute("input-id") ?? "";
    if (this.hasAttribute("described-by")) field.setAttribute("aria-describedby", this.getAttribute("described-by"));
    field.addEventListener("keydown", (event) => this.#onKeyDown(event));
    field.addEventListener("input", () => {
      // Phones and pastes deliver commas without a keydown for them.
      if (field.value.includes(",")) this.commit();
    });
    field.addEventListener("blur", () => this.commit());
    // Clicking the box around the chips means "type here".
    this.querySelector(".tag-input").addEventListener("click", (event) => {
      if (event.target === event.currentTarget) field.focus();
    });
    this.#renderChips();
  }

  get tags() {
    return [...this.#tags];
  }

  set tags(tags) {
    this.#tags = [];
    for (const tag of tags) this.#add(tag);
    if (this.isConnected) this.#renderChips();
  }

  /** Turns what is typed into chips; returns the catalog key of a problem, or null. */
  commit() {
    const field = this.querySelector("input");
    const parts = field.value.split(",");
    let problem = null;
    const kept = [];
    for (const part of parts) {
      const result = this.#add(part);
      if (result) {
        problem = result;
        kept.push(part.trim());
      }
    }
    field.value = kept.join(", ");
    if (problem) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
    this.#renderChips();
    this.dispatchEvent(new CustomEvent("tagproblem", { detail: problem }));
    return problem;
  }

  /** Adds one tag unless it is empty or a repeat; returns a problem key when it cannot be added. */
  #add(text) {
    const tag = normalise(text);
    if (tag.length === 0) return null;
    if ([...tag].length > TAG_LIMITS.length) return "validation.tag.long";
    if (this.#tags.some((held) => held.toLocaleLowerCase() === tag.toLocaleLowerCase())) return null;
    if (this.#tags.length >= TAG_LIMITS.count) return "validation.tags.many";
    this.#tags.push(tag);
    return null;
  }

  #onKeyDown(event) {
    // Korean and other IMEs use Enter to finish composing a syllable: that is not "add".
    if (event.isComposing || event.keyCode === 229) return;
    const field = event.currentTarget;
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      this.commit();
    } else if (event.key === "Backspace" && field.value === "" && this.#tags.length > 0) {
      event.preventDefault();
      this.#remove(this.#tags.length - 1, { refocus: false });
    }
  }

  #remove(index, { refocus }) {
    this.#tags.splice(index, 1);
    this.#renderChips();
    this.dispatchEvent(new CustomEvent("tagproblem", { detail: null }));
    if (refocus) this.querySelector("input").focus();
  }

  #renderChips() {
    const list = this.querySelector(".tag-input-chips");
    if (!list) return;
    list.replaceChildren(
      ...this.#tags.map((tag, index) => {
        const item = document.createElement("li");
        item.className = "tag-chip tag-chip-removable";
        const text = document.createElement("span");
        text.textContent = tag;
        const remove = document.createElement("button");
        remove.type = "button";
        remove.className = "tag-chip-action tag-chip-remove";
        remove.innerHTML = icon("close", "icon icon-tiny");
        remove.dataset.i18nAttr = "aria-label:tags.remove";
        remove.dataset.i18nArgs = JSON.stringify({ tag });
        i18n.localize(remove);
        remove.addEventListener("click", () => this.#remove(index, { refocus: true }));
        item.append(text, remove);
        return item;
      }),
    );
    list.hidden = this.#tags.length === 0;
  }
}

/** Trimmed with inner runs of white space made one space, as the server stores a tag. */
function normalise(text) {
  return text.trim().replace(/\s+/g, " ");
}

customElements.define("wl-tag-input", TagInput);
