// The calm, friendly screen a tab shows before its feature exists (saying plainly
// that it is not ready, and where to go meanwhile) or an address that names nothing.
// Each tab's view module subclasses this with its own icon and catalog keys until
// it grows its real content.

import { icon } from "../icons.js";
import { i18n } from "../i18n.js";

/** A centred empty state: icon, heading, explanation and an optional action. */
export class PlaceholderView extends HTMLElement {
  /** The icon name (see icons.js). */
  static icon = "wishes";
  /** Catalog keys of the heading and the text. */
  static titleKey = "";
  static bodyKey = "";
  /** Whether the screen is still to be built: a "Coming soon" chip, and a way to the wishes. */
  static comingSoon = true;

  connectedCallback() {
    if (this.firstChild) return;
    const { icon: iconName, titleKey, bodyKey, comingSoon } = this.constructor;
    this.innerHTML = `
      <section class="empty-state">
        <div class="empty-state-icon">${icon(iconName)}</div>
        ${comingSoon ? '<p class="chip" data-i18n="app.comingSoon"></p>' : ""}
        <h2 class="empty-state-title" data-i18n="${titleKey}"></h2>
        <p class="empty-state-body" data-i18n="${bodyKey}"></p>
        ${this.actionMarkup()}
      </section>`;
    i18n.localize(this);
  }

  /** Markup of a follow-up action below the text: to the wishes while the screen is still to come. */
  actionMarkup() {
    return this.constructor.comingSoon ? '<a class="button button-secondary" href="#/wishes" data-i18n="app.comingSoon.action"></a>' : "";
  }
}
