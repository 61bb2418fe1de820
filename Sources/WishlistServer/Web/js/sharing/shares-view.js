// Settings › Shared links (`#/settings/shares`): every link the person made, with what it shows,
// how often it was opened and when last, and when it ends; each can be handed on again (link and
// QR code), changed, given a new address (the old one dies at once) or revoked, the last two after
// a confirmation. Nothing here says whether a gift is reserved: the owner must not learn it.

import { ConfirmDialog } from "../common/confirm-dialog.js";
import { describe, setMessage } from "../common/messages.js";
import { uniqueId } from "../common/unique-id.js";
import { i18n } from "../shell/i18n.js";
import { fillShareFields, formatDay, readShareFields, shareFieldsMarkup } from "./share-fields.js";
import { shareService } from "./share-service.js";
import { ShareSheet } from "./share-sheet.js";
import "./share-link.js";

/** The screen of the owner's shares. */
export class SharesView extends HTMLElement {
  #shares = [];
  #onLanguageChange = () => this.#draw();

  connectedCallback() {
    this.innerHTML = `
      <div class="shares">
        <div class="shares-head">
          <p class="settings-lead" data-i18n="sharing.shares.lead"></p>
          <button type="button" class="button button-primary" data-action="new" data-i18n="sharing.shares.new"></button>
        </div>
        <p class="field-error" role="alert" hidden></p>
        <p class="visually-hidden" role="status" data-role="announce"></p>
        <p class="shares-empty" data-i18n="sharing.shares.empty" hidden></p>
        <ul class="shares-list" data-i18n-attr="aria-label:sharing.shares.title"></ul>
      </div>`;
    i18n.localize(this);
    this.querySelector('[data-action="new"]').addEventListener("click", async () => {
      await ShareSheet.open();
      this.#load();
    });
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#load();
  }

  disconnectedCallback() {
    i18n.removeEventListener("change", this.#onLanguageChange);
  }

  async #load() {
    const problem = this.querySelector(".field-error");
    this.setAttribute("aria-busy", "true");
    try {
      this.#shares = await shareService.list();
      problem.hidden = true;
      this.#draw();
    } catch (error) {
      setMessage(problem, describe(error));
      problem.hidden = false;
    } finally {
      this.removeAttribute("aria-busy");
    }
  }

  #draw() {
    const list = this.querySelector(".shares-list");
    if (!list) return;
    this.querySelector(".shares-empty").hidden = this.#shares.length > 0;
    list.replaceChildren(...this.#shares.map((share) => this.#row(share)));
  }

  #row(share) {
    const item = document.createElement("li");
    item.className = "share-row";
    item.dataset.id = share.id;
    const id = uniqueId("share");
    item.innerHTML = `
      <h2 class="share-row-title" id="${id}-title"></h2>
      <p class="share-row-detail" data-role="what"></p>
      <p class="share-row-detail" data-role="shows"></p>
      <p class="share-row-detail" data-role="views"></p>
      <p class="share-row-detail" data-role="ends"></p>
      <div class="share-row-actions">
        <button type="button" class="button button-secondary" data-action="link" aria-expanded="false"></button>
        <button type="button" class="button button-quiet" data-action="edit" aria-expanded="false"></button>
        <button type="button" class="button button-quiet" data-action="rotate"></button>
        <button type="button" class="button button-danger-quiet" data-action="revoke"></button>
      </div>
      <wl-share-link hidden></wl-share-link>
      <form class="form share-row-form" hidden>
        ${shareFieldsMarkup(id)}
        <p class="field-error" role="alert" hidden></p>
        <div class="share-row-actions">
          <button type="submit" class="button button-primary" data-i18n="sharing.shares.save"></button>
          <button type="button" class="button button-secondary" data-action="cancel-edit" data-i18n="dialog.cancel"></button>
        </div>
      </form>`;
    i18n.localize(item);
    item.querySelector(".share-row-title").textContent = share.title;
    const text = (role, value) => {
      item.querySelector(`[data-role="${role}"]`).textContent = value;
    };
    text("what", share.tag ? i18n.t("sharing.shares.tag", { tag: share.tag }) : i18n.t("sharing.shares.everything"));
    text("shows", showsOf(share));
    text("views", share.lastViewedAt
      ? i18n.t("sharing.shares.views", { count: share.views.toLocaleString(i18n.language), date: formatDay(share.lastViewedAt) })
      : i18n.t("sharing.shares.notOpened"));
    text("ends", share.expiresAt ? i18n.t(new Date(share.expiresAt) > new Date() ? "sharing.shares.ends" : "sharing.shares.ended", { date: formatDay(share.expiresAt) }) : i18n.t("sharing.shares.noEnd"));
    const buttons = {
      link: ["sharing.shares.showLink", "sharing.shares.showLinkNamed"],
      edit: ["sharing.shares.edit", "sharing.shares.editNamed"],
      rotate: ["sharing.shares.rotate", "sharing.shares.rotateNamed"],
      revoke: ["sharing.shares.revoke", "sharing.shares.revokeNamed"],
    };
    for (const [action, [labelKey, nameKey]] of Object.entries(buttons)) {
      const button = item.querySelector(`[data-action="${action}"]`);
      button.textContent = i18n.t(labelKey);
      button.setAttribute("aria-label", i18n.t(nameKey, { title: share.title }));
    }
    const form = item.querySelector("form");
    const linkPanel = item.querySelector("wl-share-link");
    item.addEventListener("click", (event) => {
      const button = event.target.closest("[data-action]");
      if (!button) return;
      if (button.dataset.action === "link") {
        const open = linkPanel.hidden;
        if (open) linkPanel.share = share;
        linkPanel.hidden = !open;
        button.setAttribute("aria-expanded", String(open));
      } else if (button.dataset.action === "edit") {
        fillShareFields(form, share);
        form.hidden = false;
        button.setAttribute("aria-expanded", "true");
        form.elements.title.focus();
      } else if (button.dataset.action === "cancel-edit") {
        form.hidden = true;
        item.querySelector('[data-action="edit"]').setAttribute("aria-expanded", "false");
      } else if (button.dataset.action === "rotate") {
        this.#rotate(share, button);
      } else if (button.dataset.action === "revoke") {
        this.#revoke(share, button);
      }
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#save(share, form);
    });
    return item;
  }

  async #save(share, form) {
    const problem = form.querySelector(".field-error");
    const submit = form.querySelector('[type="submit"]');
    submit.disabled = true;
    try {
      const saved = await shareService.update(share.id, readShareFields(form));
      this.#replace(saved);
      setMessage(this.querySelector('[data-role="announce"]'), { text: i18n.t("sharing.shares.saved", { title: saved.title }) });
    } catch (error) {
      setMessage(problem, describe(error));
      problem.hidden = false;
      submit.disabled = false;
    }
  }

  async #rotate(share, button) {
    const confirmed = await ConfirmDialog.ask({
      titleKey: "sharing.rotate.title",
      bodyKey: "sharing.rotate.body",
      confirmKey: "sharing.rotate.confirm",
      args: { title: share.title },
    });
    if (!confirmed) return;
    await this.#act(button, async () => {
      const rotated = await shareService.rotate(share.id);
      this.#replace(rotated);
      // The new link is what the person wants next: to send it again.
      this.querySelector(`.share-row[data-id="${CSS.escape(rotated.id)}"] [data-action="link"]`)?.click();
      return i18n.t("sharing.shares.rotated", { title: rotated.title });
    });
  }

  async #revoke(share, button) {
    const confirmed = await ConfirmDialog.ask({
      titleKey: "sharing.revoke.title",
      bodyKey: "sharing.revoke.body",
      confirmKey: "sharing.revoke.confirm",
      args: { title: share.title },
    });
    if (!confirmed) return;
    await this.#act(button, async () => {
      await shareService.revoke(share.id);
      this.#shares = this.#shares.filter((entry) => entry.id !== share.id);
      this.#draw();
      return i18n.t("sharing.shares.revoked", { title: share.title });
    });
  }

  /** Runs `send`, which answers the words to announce; a failure is said above the list. */
  async #act(button, send) {
    const problem = this.querySelector(".shares > .field-error");
    problem.hidden = true;
    button.disabled = true;
    try {
      setMessage(this.querySelector('[data-role="announce"]'), { text: await send() });
    } catch (error) {
      button.disabled = false;
      setMessage(problem, describe(error));
      problem.hidden = false;
    }
  }

  #replace(share) {
    this.#shares = this.#shares.map((entry) => (entry.id === share.id ? share : entry));
    this.#draw();
  }
}

/** "Shows memos, prices · takes reservations", in the person's language. */
function showsOf(share) {
  const shown = [
    share.showMemos ? "sharing.shares.memos" : null,
    share.showPrices ? "sharing.shares.prices" : null,
    share.showPlaces ? "sharing.shares.places" : null,
  ].filter(Boolean).map((key) => i18n.t(key));
  const parts = [shown.length ? i18n.t("sharing.shares.shows", { fields: shown.join(", ") }) : i18n.t("sharing.shares.showsNames")];
  parts.push(i18n.t(share.allowReservations ? "sharing.shares.reservationsOn" : "sharing.shares.reservationsOff"));
  return parts.join(" · ");
}

customElements.define("wl-shares-view", SharesView);
