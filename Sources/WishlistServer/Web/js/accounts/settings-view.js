// Settings (W7): ways to add pages from other apps where the browser has no share target — a
// bookmarklet for any browser and an iOS Shortcut, with an API token made here for it. The
// bookmarklet opens this server's share screen (`/share?url=…&title=…`); the Shortcut sends the
// same GET with the token, which makes the wish at once.
// Devices (issue 15): every browser signed in and every API token, with when it started and was last
// used and from what; any but this browser can be signed out, any token revoked.
// Accounts (issue 15), for administrators only: every account with its state, last sighting and
// counts; another account can be disabled (after a confirmation), enabled, or given a temporary
// password, shown here once; a new account can be added (`wl-account-adder`), its temporary
// password shown the same way.
// Password (issue 34): anyone changes their own (`wl-own-password`).
// Export and import (X6): see `wl-export-import`.

import { api } from "../common/api.js";
import { API, apiPath } from "../common/api-routes.js";
import { ConfirmDialog } from "../common/confirm-dialog.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { describe, setMessage } from "../common/messages.js";
import { session } from "./session.js";
import "../archive/export-import.js";
import "./account-adder.js";
import "./own-password.js";

/** The bookmarklet's address for the server at `origin`: it sends the open page to `/share`. */
export function bookmarklet(origin) {
  return `javascript:location.href=${JSON.stringify(`${origin}${apiPath(API.links.shareByLink)}?url=`).replaceAll('"', "'")}`
    + "+encodeURIComponent(location.href)+'&title='+encodeURIComponent(document.title)";
}

const SHORTCUT_STEPS = 7;

/** A short name for a browser or client from its User-Agent: the browser and the system it runs on. */
export function deviceName(userAgent) {
  if (!userAgent) return i18n.t("settings.devices.unknown");
  const browser = [["Edg/", "Edge"], ["Firefox/", "Firefox"], ["Chrome/", "Chrome"], ["Safari/", "Safari"]]
    .find(([mark]) => userAgent.includes(mark))?.[1];
  const system = [["iPhone", "iPhone"], ["iPad", "iPad"], ["Android", "Android"], ["Mac OS X", "macOS"], ["Windows", "Windows"], ["Linux", "Linux"]]
    .find(([mark]) => userAgent.includes(mark))?.[1];
  if (browser && system) return i18n.t("settings.devices.browserOn", { browser, system });
  // A client that is no browser (the CLI, a script) names itself: keep its first word.
  return browser ?? userAgent.split(" ")[0].slice(0, 60);
}

/**
 * The sessions to list: this device first, the others most recently used first, each with its
 * name; browsers of one kind (three "Chrome on Linux") numbered in the order they signed in, so
 * each row and its Sign out button say which one they are.
 */
function sessionsInOrder(sessions) {
  const named = sessions.map((session) => ({ session, name: deviceName(session.userAgent) }));
  const alike = Map.groupBy(named, ({ name }) => name);
  for (const group of alike.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => new Date(a.session.createdAt) - new Date(b.session.createdAt));
    group.forEach((entry, index) => {
      entry.name = i18n.t("settings.devices.numbered", { device: entry.name, number: index + 1 });
    });
  }
  return named.sort((a, b) => Number(b.session.current) - Number(a.session.current)
    || new Date(b.session.lastUsedAt) - new Date(a.session.lastUsedAt));
}

/** A moment as a short local date and time. */
function when(timestamp) {
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(timestamp));
}

/** A read-only field with its Copy button: the bookmarklet, a new token, a temporary password. */
function copyField(id) {
  return `<div class="settings-copy-row">
    <input class="input settings-code" id="${id}" readonly spellcheck="false">
    <button type="button" class="button button-quiet" data-copy="${id}" data-i18n="settings.copy"></button>
  </div>`;
}

/** A button of a list row that says what it does to whom (`action.name`) and does it (`action.act`). */
function rowButton(action) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button button-quiet";
  button.textContent = action.label;
  button.setAttribute("aria-label", action.name);
  button.addEventListener("click", () => action.act(button));
  return button;
}

/** One row of the devices list: what it is, its times, "this device" or a button that ends it. */
function deviceItem(name, times, action, current) {
  const item = document.createElement("li");
  item.className = "settings-device";
  const text = document.createElement("div");
  text.className = "settings-device-text";
  const title = document.createElement("span");
  title.className = "settings-device-name";
  title.textContent = name;
  const detail = document.createElement("span");
  detail.className = "settings-device-times";
  detail.textContent = times;
  text.append(title, detail);
  item.append(text);
  if (current) {
    const badge = document.createElement("span");
    badge.className = "settings-device-current";
    badge.textContent = i18n.t("settings.devices.current");
    item.append(badge);
  } else if (action) {
    item.append(rowButton(action));
  }
  return item;
}

/** What the accounts list says of an account beside its name: its role and state, or "you". */
function accountNotes(account, own) {
  return [
    own ? "settings.accounts.you" : null,
    account.isAdmin ? "account.admin" : null,
    account.disabledAt ? "settings.accounts.disabled" : null,
    account.mustChangePassword ? "settings.accounts.mustChange" : null,
  ].filter(Boolean).map((key) => i18n.t(key)).join(" · ");
}

/** Says `error` in a section's alert. */
function showProblem(problem, error) {
  setMessage(problem, describe(error));
  problem.hidden = false;
}

/** Where people reach this server: the server's `--public-url` when it has one (behind a proxy the
 * page's own origin may not be it), else the page's origin. */
function publicOrigin() {
  return document.querySelector('meta[name="wishlist-public-url"]')?.content || location.origin;
}

/** The settings screen. */
export class SettingsView extends HTMLElement {
  connectedCallback() {
    const origin = publicOrigin();
    this.innerHTML = `
      <div class="settings">
        <section class="settings-section" aria-labelledby="settings-share-title">
          <h2 class="section-title" id="settings-share-title" data-i18n="settings.share.title"></h2>
          <p class="settings-lead" data-i18n="settings.share.lead"></p>
          <h3 class="settings-subtitle" id="settings-bookmarklet-title" data-i18n="settings.bookmarklet.title"></h3>
          <p data-i18n="settings.bookmarklet.body"></p>
          <a class="button button-secondary settings-bookmarklet" draggable="true">${icon("plus")}<span data-i18n="settings.bookmarklet.link"></span></a>
          <label class="field-label" for="settings-bookmarklet-code" data-i18n="settings.bookmarklet.code"></label>
          ${copyField("settings-bookmarklet-code")}
          <h3 class="settings-subtitle" data-i18n="settings.shortcut.title"></h3>
          <ol class="settings-steps">
            ${Array.from({ length: SHORTCUT_STEPS }, (_, index) => `<li data-i18n="settings.shortcut.step${index + 1}"></li>`).join("")}
          </ol>
          <button type="button" class="button button-secondary" data-action="make-token">
            <span data-i18n="settings.token.make"></span>
          </button>
          <p class="field-error" role="alert" hidden></p>
          <div class="settings-token" hidden>
            <label class="field-label" for="settings-token-value" data-i18n="settings.token.made"></label>
            ${copyField("settings-token-value")}
          </div>
          <p class="visually-hidden" role="status" data-role="announce"></p>
        </section>
        <section class="settings-section" aria-labelledby="settings-shares-title">
          <h2 class="section-title" id="settings-shares-title" data-i18n="settings.shares.title"></h2>
          <p class="settings-lead" data-i18n="settings.shares.lead"></p>
          <a class="button button-secondary" href="#/settings/shares" data-i18n="settings.shares.open"></a>
        </section>
        <section class="settings-section" aria-labelledby="settings-devices-title">
          <h2 class="section-title" id="settings-devices-title" data-i18n="settings.devices.title"></h2>
          <p class="settings-lead" data-i18n="settings.devices.lead"></p>
          <h3 class="settings-subtitle" id="settings-sessions-title" data-i18n="settings.devices.sessions"></h3>
          <ul class="settings-devices" aria-labelledby="settings-sessions-title" data-role="sessions"></ul>
          <h3 class="settings-subtitle" id="settings-tokens-title" data-i18n="settings.devices.tokens"></h3>
          <ul class="settings-devices" aria-labelledby="settings-tokens-title" data-role="tokens"></ul>
          <p class="field-error" role="alert" data-role="devices-problem" hidden></p>
          <p class="visually-hidden" role="status" data-role="devices-announce"></p>
        </section>
        <wl-own-password></wl-own-password>
        <section class="settings-section" aria-labelledby="settings-accounts-title" data-role="accounts-section" hidden>
          <h2 class="section-title" id="settings-accounts-title" data-i18n="settings.accounts.title"></h2>
          <p class="settings-lead" data-i18n="settings.accounts.lead"></p>
          <ul class="settings-devices" aria-labelledby="settings-accounts-title" data-role="accounts"></ul>
          <p class="field-error" role="alert" data-role="accounts-problem" hidden></p>
          <wl-account-adder></wl-account-adder>
          <div class="settings-token" data-role="temporary" hidden>
            <label class="field-label" for="settings-temporary-password" data-role="temporary-label"></label>
            ${copyField("settings-temporary-password")}
          </div>
          <p class="visually-hidden" role="status" data-role="accounts-announce"></p>
        </section>
        <wl-export-import></wl-export-import>
      </div>`;
    const code = bookmarklet(origin);
    const link = this.querySelector(".settings-bookmarklet");
    link.href = code;
    // Tapped here it would only share this page (and the page's security policy stops it anyway): it is for dragging.
    link.addEventListener("click", (event) => event.preventDefault());
    this.querySelector("#settings-bookmarklet-code").value = code;
    for (const step of this.querySelectorAll(".settings-steps li")) step.dataset.i18nArgs = JSON.stringify({ origin });
    for (const button of this.querySelectorAll("[data-copy]")) {
      button.addEventListener("click", () => this.#copy(this.querySelector(`#${button.dataset.copy}`)));
    }
    const make = this.querySelector('[data-action="make-token"]');
    make.addEventListener("click", () => this.#makeToken(make));
    this.addEventListener("account-added", async (event) => {
      const { account, temporaryPassword } = event.detail;
      setMessage(this.querySelector('[data-role="accounts-announce"]'), { text: i18n.t("settings.accounts.added", { name: account.username }) });
      await this.#loadAccounts();
      this.#showTemporary(account.username, temporaryPassword);
    });
    i18n.localize(this);
    this.#onLanguage = () => {
      this.#renderDevices();
      this.#renderAccounts();
    };
    i18n.addEventListener("change", this.#onLanguage);
    this.#loadDevices();
    if (session.user?.isAdmin) this.#loadAccounts();
  }

  disconnectedCallback() {
    i18n.removeEventListener("change", this.#onLanguage);
  }

  #onLanguage = null;
  #sessions = [];
  #tokens = [];
  #accounts = [];
  /** The account whose temporary password is shown, for its label in the language chosen. */
  #temporaryFor = null;

  /** How each list section (devices, accounts) loads, to show it again after a change. */
  #loaders = { devices: () => this.#loadDevices(), accounts: () => this.#loadAccounts() };

  /** Loads a list section with `load`, which draws it too; a failure is said in the section's alert. */
  async #load(section, load) {
    const problem = this.querySelector(`[data-role="${section}-problem"]`);
    try {
      await load();
      problem.hidden = true;
    } catch (error) {
      showProblem(problem, error);
    }
  }

  /** Does what a row's button stands for with `send`, announces `done` and shows the section's list
   * as the server has it; a failure is said in the section's alert and the button works again. The
   * server's answer, or null when it failed or the button was still at work. */
  async #act(button, section, send, done) {
    if (button.hasAttribute("aria-busy")) return null;
    const problem = this.querySelector(`[data-role="${section}-problem"]`);
    problem.hidden = true;
    button.setAttribute("aria-busy", "true");
    try {
      const answer = await send();
      setMessage(this.querySelector(`[data-role="${section}-announce"]`), { text: done });
      await this.#loaders[section]();
      return answer;
    } catch (error) {
      button.removeAttribute("aria-busy");
      showProblem(problem, error);
      return null;
    }
  }

  #loadDevices() {
    return this.#load("devices", async () => {
      const [sessions, tokens] = await Promise.all([api.request(API.accounts.sessions), api.request(API.accounts.tokens)]);
      [this.#sessions, this.#tokens] = [sessions.items, tokens.items];
      this.#renderDevices();
    });
  }

  #renderDevices() {
    const sessions = this.querySelector('[data-role="sessions"]');
    const tokens = this.querySelector('[data-role="tokens"]');
    if (!sessions) return;
    sessions.replaceChildren(...sessionsInOrder(this.#sessions).map(({ session, name }) => {
      const times = i18n.t("settings.devices.sessionTimes", { created: when(session.createdAt), used: when(session.lastUsedAt) });
      return deviceItem(name, times, session.current ? null : {
        label: i18n.t("settings.devices.end"), name: i18n.t("settings.devices.endNamed", { device: name }),
        act: (button) => this.#act(button, "devices", () => api.request(API.accounts.endSession, { params: { id: session.id } }), i18n.t("settings.devices.ended", { device: name })),
      }, session.current);
    }));
    tokens.replaceChildren(...(this.#tokens.length ? this.#tokens.map((token) => {
      const times = token.lastUsedAt
        ? i18n.t("settings.devices.tokenTimes", { created: when(token.createdAt), used: when(token.lastUsedAt) })
        : i18n.t("settings.devices.tokenUnused", { created: when(token.createdAt) });
      const from = token.userAgent ? ` · ${deviceName(token.userAgent)}` : "";
      return deviceItem(token.name, times + from, {
        label: i18n.t("settings.devices.revoke"), name: i18n.t("settings.devices.revokeNamed", { name: token.name }),
        act: (button) => this.#act(button, "devices", () => api.request(API.accounts.revokeToken, { params: { id: token.id } }), i18n.t("settings.devices.revoked", { name: token.name })),
      }, false);
    }) : [Object.assign(document.createElement("li"), { className: "settings-device-none", textContent: i18n.t("settings.devices.noTokens") })]));
  }

  #loadAccounts() {
    this.querySelector('[data-role="accounts-section"]').hidden = false;
    return this.#load("accounts", async () => {
      this.#accounts = (await api.request(API.admin.accounts)).items;
      this.#renderAccounts();
    });
  }

  #renderAccounts() {
    const list = this.querySelector('[data-role="accounts"]');
    if (!list) return;
    const me = session.user?.username;
    list.replaceChildren(...this.#accounts.map((account) => {
      const own = account.username === me;
      const item = document.createElement("li");
      item.className = "settings-device settings-account";
      const text = document.createElement("div");
      text.className = "settings-device-text";
      const name = document.createElement("span");
      name.className = "settings-device-name";
      name.textContent = account.username;
      const notes = document.createElement("span");
      notes.className = "settings-device-current";
      notes.textContent = accountNotes(account, own);
      const detail = document.createElement("span");
      detail.className = "settings-device-times";
      detail.textContent = [
        i18n.t("settings.accounts.joined", { created: when(account.createdAt) }),
        account.lastSeenAt ? i18n.t("settings.accounts.seen", { seen: when(account.lastSeenAt) }) : i18n.t("settings.accounts.neverSeen"),
        i18n.t("settings.accounts.counts", { wishes: account.wishCount, photos: account.photoCount }),
      ].join(" · ");
      text.append(name, ...(notes.textContent ? [notes] : []), detail);
      item.append(text);
      if (!own) {
        const actions = document.createElement("div");
        actions.className = "settings-account-actions";
        const args = { name: account.username };
        actions.append(
          account.disabledAt
            ? rowButton({
              label: i18n.t("settings.accounts.enable"), name: i18n.t("settings.accounts.enableNamed", args),
              act: (button) => this.#administer(button, account, API.admin.enable, i18n.t("settings.accounts.enabled", args)),
            })
            : rowButton({
              label: i18n.t("settings.accounts.disable"), name: i18n.t("settings.accounts.disableNamed", args),
              act: (button) => this.#disable(button, account),
            }),
          rowButton({
            label: i18n.t("settings.accounts.reset"), name: i18n.t("settings.accounts.resetNamed", args),
            act: (button) => this.#reset(button, account),
          }),
        );
        item.append(actions);
      }
      return item;
    }));
    const label = this.querySelector('[data-role="temporary-label"]');
    if (this.#temporaryFor) label.textContent = i18n.t("settings.accounts.temporary", { name: this.#temporaryFor });
  }

  /** Disabling signs the person out everywhere: asked first. */
  async #disable(button, account) {
    const args = { name: account.username };
    const sure = await ConfirmDialog.ask({
      titleKey: "settings.accounts.disableTitle", bodyKey: "settings.accounts.disableBody",
      confirmKey: "settings.accounts.disable", args,
    });
    if (sure) await this.#administer(button, account, API.admin.disable, i18n.t("settings.accounts.disabledNamed", args));
  }

  /** A reset signs the person out everywhere too: asked first; the temporary password is shown once. */
  async #reset(button, account) {
    const args = { name: account.username };
    const sure = await ConfirmDialog.ask({
      titleKey: "settings.accounts.resetTitle", bodyKey: "settings.accounts.resetBody",
      confirmKey: "settings.accounts.reset", args,
    });
    if (!sure) return;
    const answer = await this.#administer(button, account, API.admin.resetPassword, i18n.t("settings.accounts.resetDone", args));
    if (answer) this.#showTemporary(account.username, answer.temporaryPassword);
  }

  /** Shows `username`'s temporary password, this once, for the administrator to copy and hand over. */
  #showTemporary(username, password) {
    this.#temporaryFor = username;
    this.querySelector('[data-role="temporary-label"]').textContent = i18n.t("settings.accounts.temporary", { name: username });
    const field = this.querySelector("#settings-temporary-password");
    field.value = password;
    this.querySelector('[data-role="temporary"]').hidden = false;
    field.focus();
  }

  /** Sends one of the administrators' actions (its route) on `account` as a row's button's act. */
  #administer(button, account, route, done) {
    return this.#act(button, "accounts", () => api.request(route, { params: { username: account.username } }), done);
  }

  async #copy(input) {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      const section = input.closest(".settings-section");
      setMessage(section.querySelector('[role="status"]'), { key: "settings.copied" });
    } catch {
      // No clipboard (an insecure origin): the text stays selected for the person to copy.
    }
  }

  /** A new API token named for the Shortcut, shown once (the server keeps only its digest). */
  async #makeToken(button) {
    if (button.hasAttribute("aria-busy")) return;
    const problem = this.querySelector(".settings .field-error");
    problem.hidden = true;
    button.setAttribute("aria-busy", "true");
    try {
      const made = await api.request(API.accounts.createToken, { body: { name: i18n.t("settings.token.name") } });
      this.querySelector("#settings-token-value").value = made.token;
      this.querySelector(".settings-token").hidden = false;
      this.querySelector("#settings-token-value").focus();
      this.#loadDevices();
    } catch (error) {
      showProblem(problem, error);
    } finally {
      button.removeAttribute("aria-busy");
    }
  }
}

customElements.define("wl-settings-view", SettingsView);
