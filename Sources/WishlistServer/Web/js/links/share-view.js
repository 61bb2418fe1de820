// A page shared by the bookmarklet (W7, `#/share?url=…&title=…`): its preview, the name the
// wish will get (the page's title as its preview reads it, else the shared title, else the
// link's host), editable, and one button that makes the wish. The server sends a bookmarklet's GET here rather than making the wish,
// because any site can send a browser to a GET; the button posts a form from this page, which
// the server takes as the person's own (same-site) share and answers with the new wish.

import { API, apiPath } from "../common/api-routes.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { isWebLink } from "./link-service.js";
import { hashQuery } from "../places/place-format.js";
import "./link-preview.js";

const NAME_LIMIT = 200;

function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

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
        <div class="field" ${shared ? "" : "hidden"}>
          <label class="field-label" for="share-name" data-i18n="share.name"></label>
          <input class="input" id="share-name" name="name" type="text" autocomplete="off" maxlength="${NAME_LIMIT}"
            aria-describedby="share-name-error">
          <p class="field-error" id="share-name-error" role="alert" data-i18n="validation.name.required" hidden></p>
        </div>
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
    const name = form.elements.name;
    let typed = false;
    const problem = this.querySelector("#share-name-error");
    name.addEventListener("input", () => {
      typed = true;
      problem.hidden = true;
      name.removeAttribute("aria-invalid");
    });
    const suggest = (title) => {
      if (!typed) name.value = (title || query.get("title")?.trim() || hostOf(url)).slice(0, NAME_LIMIT);
    };
    suggest(null);
    const preview = this.querySelector("wl-link-preview");
    preview.addEventListener("previewchange", () => suggest(preview.preview?.title));
    form.addEventListener("submit", (event) => {
      if (shared && !name.value.trim()) {
        event.preventDefault();
        problem.hidden = false;
        name.setAttribute("aria-invalid", "true");
        name.focus();
        return;
      }
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
