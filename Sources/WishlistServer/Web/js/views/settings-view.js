// Settings (W7): ways to add pages from other apps where the browser has no share target — a
// bookmarklet for any browser and an iOS Shortcut, with an API token made here for it. The
// bookmarklet opens this server's share screen (`/share?url=…&title=…`); the Shortcut sends the
// same GET with the token, which makes the wish at once.
// Devices (issue 15): every browser signed in and every API token, with when it started and was last
// used and from what; any but this browser can be signed out, any token revoked.
// Export and import (X6): see `wl-export-import`.

import { api } from "../api.js";
import { icon } from "../icons.js";
import { i18n } from "../i18n.js";
import { describe, setMessage } from "../messages.js";
import "../components/export-import.js";

/** The bookmarklet's address for the server at `origin`: it sends the open page to `/share`. */
export function bookmarklet(origin) {
  return `javascript:location.href=${JSON.stringify(`${origin}/share?url=`).replaceAll('"', "'")}`
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

/** A moment as a short local date and time. */
function when(timestamp) {
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(timestamp));
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
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button button-quiet";
    button.textContent = action.label;
    button.setAttribute("aria-label", action.name);
    button.addEventListener("click", () => action.act(button));
    item.append(button);
  }
  return item;
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
          <div class="settings-copy-row">
            <input class="input settings-code" id="settings-bookmarklet-code" readonly spellcheck="false">
            <button type="button" class="button button-quiet" data-copy="settings-bookmarklet-code" data-i18n="settings.copy"></button>
          </div>
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
            <div class="settings-copy-row">
              <input class="input settings-code" id="settings-token-value" readonly spellcheck="false">
              <button type="button" class="button button-quiet" data-copy="settings-token-value" data-i18n="settings.copy"></button>
            </div>
          </div>
          <p class="visually-hidden" role="status" data-role="announce"></p>
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
    i18n.localize(this);
    this.#onLanguage = () => this.#renderDevices();
    i18n.addEventListener("change", this.#onLanguage);
    this.#loadDevices();
  }

  disconnectedCallback() {
    i18n.removeEventListener("change", this.#onLanguage);
  }

  #onLanguage = null;
  #sessions = [];
  #tokens = [];

  async #loadDevices() {
    const problem = this.querySelector('[data-role="devices-problem"]');
    try {
      const [sessions, tokens] = await Promise.all([api.get("/sessions"), api.get("/tokens")]);
      [this.#sessions, this.#tokens] = [sessions.items, tokens.items];
      problem.hidden = true;
      this.#renderDevices();
    } catch (error) {
      setMessage(problem, describe(error));
      problem.hidden = false;
    }
  }

  #renderDevices() {
    const sessions = this.querySelector('[data-role="sessions"]');
    const tokens = this.querySelector('[data-role="tokens"]');
    if (!sessions) return;
    sessions.replaceChildren(...this.#sessions.map((session) => {
      const name = deviceName(session.userAgent);
      const times = i18n.t("settings.devices.sessionTimes", { created: when(session.createdAt), used: when(session.lastUsedAt) });
      return deviceItem(name, times, session.current ? null : {
        label: i18n.t("settings.devices.end"), name: i18n.t("settings.devices.endNamed", { device: name }),
        act: (button) => this.#end(button, `/sessions/${session.id}`, i18n.t("settings.devices.ended", { device: name })),
      }, session.current);
    }));
    tokens.replaceChildren(...(this.#tokens.length ? this.#tokens.map((token) => {
      const times = token.lastUsedAt
        ? i18n.t("settings.devices.tokenTimes", { created: when(token.createdAt), used: when(token.lastUsedAt) })
        : i18n.t("settings.devices.tokenUnused", { created: when(token.createdAt) });
      const from = token.userAgent ? ` · ${deviceName(token.userAgent)}` : "";
      return deviceItem(token.name, times + from, {
        label: i18n.t("settings.devices.revoke"), name: i18n.t("settings.devices.revokeNamed", { name: token.name }),
        act: (button) => this.#end(button, `/tokens/${token.id}`, i18n.t("settings.devices.revoked", { name: token.name })),
      }, false);
    }) : [Object.assign(document.createElement("li"), { className: "settings-device-none", textContent: i18n.t("settings.devices.noTokens") })]));
  }

  /** Ends a session or revokes a token, then shows the list as the server has it. */
  async #end(button, path, done) {
    if (button.hasAttribute("aria-busy")) return;
    const problem = this.querySelector('[data-role="devices-problem"]');
    button.setAttribute("aria-busy", "true");
    try {
      await api.delete(path);
      setMessage(this.querySelector('[data-role="devices-announce"]'), { text: done });
      await this.#loadDevices();
    } catch (error) {
      button.removeAttribute("aria-busy");
      setMessage(problem, describe(error));
      problem.hidden = false;
    }
  }

  async #copy(input) {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      setMessage(this.querySelector('[data-role="announce"]'), { key: "settings.copied" });
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
      const made = await api.post("/tokens", { name: i18n.t("settings.token.name") });
      this.querySelector("#settings-token-value").value = made.token;
      this.querySelector(".settings-token").hidden = false;
      this.querySelector("#settings-token-value").focus();
      this.#loadDevices();
    } catch (error) {
      setMessage(problem, describe(error));
      problem.hidden = false;
    } finally {
      button.removeAttribute("aria-busy");
    }
  }
}

customElements.define("wl-settings-view", SettingsView);
