// The signed-in app: navigation (bottom tab bar on phones, side bar on wide
// screens — one <nav>, laid out by CSS), the top bar with the page title and
// the account menu, and the current tab's view.

import { icon } from "../icons.js";
import { i18n } from "../i18n.js";
import { Router } from "../router.js";
import { HOME_PATH, TABS } from "../tabs.js";
import "./account-menu.js";
import "../views/wishes-view.js";
import "../views/favorites-view.js";
import "../views/map-view.js";
import "../views/search-view.js";
import "../views/journal-view.js";
import "../views/discover-view.js";
import "../views/not-found-view.js";

/** The navigation frame around the current screen. */
export class AppShell extends HTMLElement {
  #router = new Router(TABS.map((tab) => ({ name: tab.name, pattern: tab.path })));
  #current = null;
  #onRoute = (event) => this.#show(event.detail);
  #onLanguageChange = () => this.#updateTitle();

  connectedCallback() {
    this.innerHTML = `
      <button type="button" class="skip-link" data-i18n="app.skipToContent"></button>
      <div class="shell">
        <aside class="sidebar">
          <div class="brand" aria-hidden="true"><span class="brand-mark"></span><span data-i18n="app.name"></span></div>
          <nav class="tabs" data-i18n-attr="aria-label:nav.label">
            <ul class="tab-list">
              ${TABS.map(
                (tab) => `
                <li><a class="tab" href="#${tab.path}" data-tab="${tab.name}">
                  ${icon(tab.icon, "icon tab-icon")}<span class="tab-label" data-i18n="${tab.labelKey}"></span>
                </a></li>`,
              ).join("")}
            </ul>
          </nav>
        </aside>
        <header class="topbar">
          <h1 class="page-title" tabindex="-1"></h1>
          <wl-account-menu></wl-account-menu>
        </header>
        <main class="content" id="main-content" tabindex="-1"></main>
      </div>`;
    this.querySelector(".skip-link").addEventListener("click", () => this.querySelector("main").focus());
    i18n.localize(this);
    i18n.addEventListener("change", this.#onLanguageChange);
    this.#router.addEventListener("route", this.#onRoute);
    this.#router.start();
  }

  disconnectedCallback() {
    this.#router.stop();
    this.#router.removeEventListener("route", this.#onRoute);
    i18n.removeEventListener("change", this.#onLanguageChange);
  }

  #show({ path, match }) {
    if (path === "/") {
      this.#router.navigate(HOME_PATH, { replace: true });
      return;
    }
    const tab = match ? TABS.find((entry) => entry.name === match.route.name) : null;
    const isFirst = this.#current === null;
    this.#current = { tab, path };

    for (const link of this.querySelectorAll(".tab")) {
      if (link.dataset.tab === tab?.name) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    const main = this.querySelector("main");
    const element = document.createElement(tab?.element ?? "wl-not-found-view");
    main.replaceChildren(element);
    this.#updateTitle();

    // Moving focus to the new heading tells screen-reader users the page changed;
    // not on first load, where the browser's own focus handling is what people expect.
    if (!isFirst) this.querySelector(".page-title").focus({ preventScroll: true });
    main.scrollTo?.({ top: 0 });
  }

  #updateTitle() {
    const heading = this.querySelector(".page-title");
    if (!heading || !this.#current) return;
    const key = this.#current.tab?.labelKey ?? "notFound.pageTitle";
    heading.dataset.i18n = key;
    i18n.localize(heading);
    document.title = i18n.t("page.title", { page: i18n.t(key) });
  }
}

customElements.define("wl-shell", AppShell);
