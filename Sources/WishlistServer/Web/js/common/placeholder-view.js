// A calm, friendly screen that is only a message: an icon, a heading, a line of text and an
// optional action (an address that names nothing). Subclasses give the icon and catalog keys.

import { icon } from "./icons.js";
import { i18n } from "../shell/i18n.js";

/** A centred empty state: icon, heading, explanation and an optional action. */
export class PlaceholderView extends HTMLElement {
  /** The icon name (see icons.js). */
  static icon = "wishes";
  /** Catalog keys of the heading and the text. */
  static titleKey = "";
  static bodyKey = "";

  connectedCallback() {
    if (this.firstChild) return;
    const { icon: iconName, titleKey, bodyKey } = this.constructor;
    this.innerHTML = `
      <section class="empty-state">
        <div class="empty-state-icon">${icon(iconName)}</div>
        <h2 class="empty-state-title" data-i18n="${titleKey}"></h2>
        <p class="empty-state-body" data-i18n="${bodyKey}"></p>
        ${this.actionMarkup()}
      </section>`;
    i18n.localize(this);
  }

  /** Markup of a follow-up action below the text; none unless a subclass gives one. */
  actionMarkup() {
    return "";
  }
}
