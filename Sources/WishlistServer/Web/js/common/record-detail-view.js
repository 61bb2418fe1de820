// What every screen of one record (a wish, a journal entry) does around its content: show
// the store's record at once, ask the server for the latest, follow the store from then on
// (W15), a skeleton while nothing is known, a plain error with "Try again", a calm "isn't here
// anymore" when it was deleted elsewhere, and deleting with a confirmation.

import { ApiError } from "./api.js";
import { ConfirmDialog } from "./confirm-dialog.js";
import { showToast } from "./toast-message.js";
import { icon } from "./icons.js";
import { i18n } from "../shell/i18n.js";
import { navigation } from "../shell/navigation.js";
import { store } from "./store.js";
import "./error-panel.js";

/** The screen of the record in `routeParams.id`; subclasses draw it in `render(record)`. */
export class RecordDetailView extends HTMLElement {
  /**
   * `kind` and `service` (with `load(id, {signal})` and `delete(id)`) of the record; `gone`:
   * `{icon, titleKey, bodyKey, href, actionKey}` of the "isn't here anymore" state; `listPath`:
   * where deleting goes back to when the screen was opened directly.
   */
  static kind = "";
  static service = null;
  static gone = null;
  static listPath = "/";

  routeParams = {};
  #unsubscribe = null;
  #abort = new AbortController();
  #deleting = false;
  #onLanguageChange = () => this.#render();

  get recordId() {
    return this.routeParams.id;
  }

  connectedCallback() {
    const { kind } = this.constructor;
    this.#unsubscribe = store.subscribe((change) => {
      if (change.kind !== kind || !change.ids.includes(this.recordId)) return;
      if (change.removed && !this.#deleting) this.#showGone();
      else if (!change.removed) this.#render();
    });
    i18n.addEventListener("change", this.#onLanguageChange);
    if (store.get(kind, this.recordId)) this.#render();
    else this.#showLoading();
    this.#load();
  }

  disconnectedCallback() {
    this.#abort.abort();
    this.#unsubscribe?.();
    i18n.removeEventListener("change", this.#onLanguageChange);
  }

  /** Draws `record` (building the screen the first time); says its title with a "wl-title" event. */
  render(record) {}

  /** Markup shown while the record is on its way. */
  loadingMarkup() {
    return "";
  }

  /** Asks to delete the record (the dialog's keys and args), deletes it and goes back. */
  async confirmDelete({ titleKey, bodyKey, confirmKey, args, failedKey }) {
    const { kind, service, listPath } = this.constructor;
    const record = store.get(kind, this.recordId);
    if (!record) return;
    if (!(await ConfirmDialog.ask({ titleKey, bodyKey, confirmKey, args }))) return;
    this.#deleting = true;
    try {
      await service.delete(record.id);
      navigation.back(listPath);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // Already gone (deleted from another device): the outcome the person wanted.
        store.remove(kind, record.id);
        navigation.back(listPath);
      } else {
        this.#deleting = false;
        showToast(failedKey);
      }
    }
  }

  #render() {
    const record = store.get(this.constructor.kind, this.recordId);
    if (record) this.render(record);
  }

  async #load() {
    const { kind, service } = this.constructor;
    try {
      // What arrives goes into the store, which renders it through the subscription.
      await service.load(this.recordId, { signal: this.#abort.signal });
    } catch (error) {
      if (this.#abort.signal.aborted) return;
      if (error instanceof ApiError && error.status === 404) this.#showGone();
      else if (!store.get(kind, this.recordId)) this.#showError(error);
      // With a record already on screen, a failed refresh leaves it there: still true, just maybe not newest.
    }
  }

  #showLoading() {
    this.innerHTML = this.loadingMarkup();
  }

  #showError(error) {
    const panel = document.createElement("wl-error-panel");
    panel.error = error;
    panel.addEventListener("retry", () => this.#load());
    this.replaceChildren(panel);
  }

  #showGone() {
    const { icon: iconName, titleKey, bodyKey, href, actionKey } = this.constructor.gone;
    this.dispatchEvent(new CustomEvent("wl-title", { bubbles: true, detail: null }));
    this.innerHTML = `
      <section class="empty-state">
        <div class="empty-state-icon">${icon(iconName)}</div>
        <h2 class="empty-state-title" data-i18n="${titleKey}"></h2>
        <p class="empty-state-body" data-i18n="${bodyKey}"></p>
        <a class="button button-primary" href="${href}" data-i18n="${actionKey}"></a>
      </section>`;
    i18n.localize(this);
  }
}
