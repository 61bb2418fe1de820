// The signed-in app: navigation (bottom tab bar on phones, side bar on wide
// screens — one <nav>, laid out by CSS), the top bar with the page title (and
// a back button on screens below a tab) and the account menu, and the current view.

import { NetworkError } from "../common/api.js";
import "../common/error-panel.js";
import { icon } from "../common/icons.js";
import { i18n } from "./i18n.js";
import { navigation } from "./navigation.js";
import { Router } from "./router.js";
import { HOME_PATH, TABS } from "./tabs.js";
import "../accounts/account-menu.js";
import "../common/toast-message.js";
import "../wishes/wishes-view.js";
import "./not-found-view.js";
import "../offline/offline-banner.js";
import "../offline/update-prompt.js";

// Every other screen's module, by its element, loaded when the screen first opens: the app starts
// with the wish list's code (55 modules, 200 KB) instead of every screen's (120, 575 KB). The
// service worker keeps them all for offline starts, as it keeps every file of the shell.
const SCREENS = {
  "wl-favorites-view": () => import("../wishes/favorites-view.js"),
  "wl-map-view": () => import("../places/map-view.js"),
  "wl-near-view": () => import("../places/near-view.js"),
  "wl-search-view": () => import("../search/search-view.js"),
  "wl-journal-view": () => import("../journal/journal-view.js"),
  "wl-discover-view": () => import("../spots/discover-view.js"),
  "wl-spot-title-view": () => import("../spots/spot-title-view.js"),
  "wl-spot-view": () => import("../spots/spot-view.js"),
  "wl-wish-detail-view": () => import("../wishes/wish-detail-view.js"),
  "wl-wish-editor-view": () => import("../wishes/wish-editor-view.js"),
  "wl-journal-entry-view": () => import("../journal/journal-entry-view.js"),
  "wl-journal-editor-view": () => import("../journal/journal-editor-view.js"),
  "wl-settings-view": () => import("../accounts/settings-view.js"),
  "wl-share-view": () => import("../links/share-view.js"),
  "wl-outbox-view": () => import("../offline/outbox-view.js"),
  "wl-shares-view": () => import("../sharing/shares-view.js"),
};

// Every screen: the tabs, "Near me" beneath the Map tab, Discover's sections and the K-culture spots beneath
// Discover, then the wish screens (and the share screen) beneath the Wishes tab, settings, the outbox, and the entry screens beneath the Journal tab. `params`
// are fixed route parameters. "/wishes/new" comes before "/wishes/:id" (and "/journal/new" before "/journal/:id")
// so that "new" is never taken for an id. `back` is where the back
// button goes when the screen was opened directly.
const ROUTES = [
  ...TABS.map((tab) => ({ name: tab.name, pattern: tab.path, element: tab.element, tab: tab.name, titleKey: tab.labelKey })),
  { name: "near", pattern: "/map/near", element: "wl-near-view", tab: "map", titleKey: "near.title", back: "/map" },
  { name: "discover-spots", pattern: "/discover/spots", element: "wl-discover-view", tab: "discover", titleKey: "nav.discover", params: { section: "spots" } },
  { name: "discover-gifs", pattern: "/discover/gifs", element: "wl-discover-view", tab: "discover", titleKey: "nav.discover", params: { section: "gifs" } },
  { name: "discover-favorites", pattern: "/discover/favorites", element: "wl-discover-view", tab: "discover", titleKey: "nav.discover", params: { section: "favorites" } },
  { name: "spot-title", pattern: "/discover/spots/:type/:title", element: "wl-spot-title-view", tab: "discover", titleKey: "spots.titlePage", back: "/discover/spots" },
  { name: "spot", pattern: "/spots/:id", element: "wl-spot-view", tab: "discover", titleKey: "spot.pageTitle", back: "/discover/spots" },
  { name: "wish-new", pattern: "/wishes/new", element: "wl-wish-editor-view", tab: "wishes", titleKey: "wish.new.title", back: "/wishes" },
  { name: "wish-edit", pattern: "/wishes/:id/edit", element: "wl-wish-editor-view", tab: "wishes", titleKey: "wish.edit.title", back: "/wishes" },
  { name: "wish", pattern: "/wishes/:id", element: "wl-wish-detail-view", tab: "wishes", titleKey: "wish.detail.title", back: "/wishes" },
  { name: "entry-new", pattern: "/journal/new", element: "wl-journal-editor-view", tab: "journal", titleKey: "journal.new.title", back: "/journal" },
  { name: "entry-edit", pattern: "/journal/:id/edit", element: "wl-journal-editor-view", tab: "journal", titleKey: "journal.edit.title", back: "/journal" },
  { name: "share", pattern: "/share", element: "wl-share-view", tab: "wishes", titleKey: "share.title", back: "/wishes" },
  { name: "settings", pattern: "/settings", element: "wl-settings-view", tab: null, titleKey: "settings.title", back: "/wishes" },
  { name: "outbox", pattern: "/outbox", element: "wl-outbox-view", tab: null, titleKey: "outbox.title", back: "/wishes" },
  { name: "settings-shares", pattern: "/settings/shares", element: "wl-shares-view", tab: null, titleKey: "sharing.shares.title", back: "/settings" },
  { name: "entry", pattern: "/journal/:id", element: "wl-journal-entry-view", tab: "journal", titleKey: "journal.detail.title", back: "/journal" },
];

/** The navigation frame around the current screen. */
export class AppShell extends HTMLElement {
  #router = new Router(ROUTES);
  #current = null;
  // Counts the routes shown, so a screen whose module arrives after a later route is not shown.
  #showing = 0;
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
          <button type="button" class="icon-button back-button" data-i18n-attr="aria-label:app.back;title:app.back" hidden>
            ${icon("back")}
          </button>
          <h1 class="page-title" tabindex="-1"></h1>
          <wl-account-menu></wl-account-menu>
        </header>
        <div class="shell-notices">
          <wl-update-prompt hidden></wl-update-prompt>
          <wl-offline-banner hidden></wl-offline-banner>
        </div>
        <main class="content" id="main-content" tabindex="-1"></main>
      </div>
      <wl-toast></wl-toast>`;
    this.querySelector(".skip-link").addEventListener("click", () => this.querySelector("main").focus());
    this.querySelector(".back-button").addEventListener("click", () => navigation.back(this.#current?.route?.back ?? HOME_PATH));
    // A view that knows a better title than its route's (a wish's own name) says so with this event.
    this.querySelector("main").addEventListener("wl-title", (event) => {
      if (!this.#current) return;
      this.#current.title = event.detail;
      this.#updateTitle();
    });
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

  async #show({ path, match }) {
    if (path === "/") {
      this.#router.navigate(HOME_PATH, { replace: true });
      return;
    }
    navigation.record();
    const route = match?.route ?? null;
    const showing = ++this.#showing;
    let unloaded = null;
    try {
      await SCREENS[route?.element]?.();
    } catch (error) {
      unloaded = error;
    }
    // A later route came while this screen's module loaded: that one is shown instead.
    if (showing !== this.#showing) return;
    let screen;
    if (unloaded) {
      screen = unloadedScreen(unloaded);
    } else {
      screen = document.createElement(route?.element ?? "wl-not-found-view");
      screen.routeParams = { ...route?.params, ...match?.params };
    }
    const tab = route ? TABS.find((entry) => entry.name === route.tab) : null;
    const isFirst = this.#current === null;
    this.#current = { route, path, title: null };

    for (const link of this.querySelectorAll(".tab")) {
      if (link.dataset.tab === tab?.name) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    this.querySelector(".back-button").hidden = !route?.back;
    window.scrollTo({ top: 0 });
    this.querySelector("main").replaceChildren(screen);
    this.#updateTitle();

    // Moving focus to the new heading tells screen-reader users the page changed;
    // not on first load, where the browser's own focus handling is what people expect.
    if (!isFirst) this.querySelector(".page-title").focus({ preventScroll: true });
  }

  #updateTitle() {
    const heading = this.querySelector(".page-title");
    if (!heading || !this.#current) return;
    const key = this.#current.route?.titleKey ?? "notFound.pageTitle";
    const { title } = this.#current;
    if (title) {
      delete heading.dataset.i18n;
      heading.textContent = title;
    } else {
      heading.dataset.i18n = key;
      i18n.localize(heading);
    }
    document.title = i18n.t("page.title", { page: title ?? i18n.t(key) });
  }
}

/** What stands for a screen whose module could not be fetched (offline before the service worker
 * kept the shell): said as any failed load is, with a way to try again. A page keeps a module that
 * failed as failed (HTML's module map), so only a new page fetches it again. */
function unloadedScreen(error) {
  const panel = document.createElement("wl-error-panel");
  panel.error = new NetworkError("This screen could not be loaded.", { cause: error });
  panel.addEventListener("retry", () => location.reload());
  return panel;
}

customElements.define("wl-shell", AppShell);
