// A page shared by the bookmarklet (W7, `#/share?url=…&title=…`): its preview and one button
// that makes the wish. The server sends a bookmarklet's GET here rather than making the wish,
// because any site can send a browser to a GET; the button posts a form from this page, which
// the server takes as the person's own (same-site) share and answers with the new wish.

import { API, apiPath } from "../common/api-routes.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { isWebLink } from "./link-service.js";
import { hashQuery } from "../places/place-format.js";
import "./link-preview.js";

/** The share screen: what was shared, and "Add wish". */
export class ShareView extends HTMLElement {
  connectedCallback() {
    const query = hashQuery();
    const url = query.get("url") ?? "";
    const shared = isWebLink(url);
    this.innerHTML = `
      <form class="form share-form" method="post" action="${apiPath(API.links.share)}" enctype="application/x-www-form-urlencoded">
        <h2 class="section-title" data-i18n="${shared ? "share.lead" : "share.nothing"}"></h2>
        <p class="share-link"></p>
        <wl-link-preview></wl-link-preview>
        <input type="hidden" name="url">
        <input type="hidden" name="title">
        <input type="hidden" name="text">
        <div class="form-actions">
          <a class="button button-secondary" href="#/wishes" data-i18n="share.cancel"></a>
          <button type="submit" class="button button-primary" ${shared ? "" : "disabled"}>
            ${icon("plus")}<span data-i18n="share.add"></span>
          </button>
        </div>
      </form>`;
    const form = this.querySelector("form");
    for (const name of ["url", "title", "text"]) form.elements[name].value = query.get(name) ?? "";
    this.querySelector(".share-link").textContent = shared ? url : "";
    form.addEventListener("submit", (event) => {
      const button = form.querySelector('[type="submit"]');
      // One wish per tap: the browser is on its way to it.
      if (button.hasAttribute("aria-busy")) event.preventDefault();
      button.setAttribute("aria-busy", "true");
    });
    i18n.localize(this);
    if (shared) this.querySelector("wl-link-preview").setURL(url, { immediate: true });
  }
}

customElements.define("wl-share-view", ShareView);
