// A toggle of one record's flag (a wish's star, a journal entry's heart), the same on cards and
// in detail. It reads the record from the store and changes it through its service, so every
// toggle of the same record on screen flips together (W15). Subclasses say which record, how
// the button is named and how the change is sent.

import { icon } from "./icons.js";
import { i18n } from "../shell/i18n.js";
import { store } from "./store.js";
import { showToast } from "./toast-message.js";

/** A button for the record whose id is in the `record-id` attribute. */
export class RecordToggle extends HTMLElement {
  /** The store kind, the record's boolean field, the icon and the button's class. */
  static kind = "";
  static field = "";
  static icon = "";
  static className = "";
  /** The catalog key of the toast shown when the server could not be told. */
  static failedKey = "";

  static observedAttributes = ["record-id"];

  #unsubscribe = null;
  #onLanguageChange = () => this.#update();

  get recordId() {
    return this.getAttribute("record-id");
  }

  attributeChangedCallback() {
    if (this.isConnected && this.firstChild) this.#update();
  }

  connectedCallback() {
    const { kind, icon: iconName, className } = this.constructor;
    if (!this.firstChild) {
      this.innerHTML = `<button type="button" class="${className}">${icon(iconName)}</button>`;
      this.querySelector("button").addEventListener("click", () => this.#toggle());
    }
    this.#unsubscribe = store.subscribe(({ kind: changed, ids }) => {
      if (changed === kind && ids.includes(this.recordId)) this.#update();
    });
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#update();
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
    i18n.removeEventListener("change", this.#onLanguageChange);
  }

  /** Names `button` for `record` in its current state. */
  describe(button, record) {}

  /** Sends the change of the record `id` to `on`. */
  async send(id, on) {}

  #update() {
    const { kind, field } = this.constructor;
    const record = store.get(kind, this.recordId);
    if (!record) return;
    const button = this.querySelector("button");
    button.classList.toggle("is-on", record[field] === true);
    this.describe(button, record);
  }

  async #toggle() {
    const { kind, field } = this.constructor;
    const record = store.get(kind, this.recordId);
    if (!record) return;
    try {
      await this.send(record.id, !record[field]);
    } catch (error) {
      this.failed(error);
    }
  }

  /** Says that the change could not be made: a toast, unless a subclass has more to say. */
  failed(error) {
    showToast(this.constructor.failedKey);
  }
}
