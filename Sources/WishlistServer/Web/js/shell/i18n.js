// Every visible string comes from a message catalog (i18n/en.json, i18n/ko.json).
// Markup names its strings with data-i18n attributes so a language switch can
// retranslate the page in place without losing what someone has typed.

const STORAGE_KEY = "wishlist.language";
const FALLBACK = "en";

/** The languages the app speaks, each named in its own language. */
export const LANGUAGES = [
  { code: "en", nameKey: "language.en" },
  { code: "ko", nameKey: "language.ko" },
];

/** Loads catalogs, picks the language and translates markup. */
export class I18n extends EventTarget {
  #language = FALLBACK;
  #catalogs = new Map();

  get language() {
    return this.#language;
  }

  /** Loads the stored or browser language (and English beneath it for any missing key). */
  async init() {
    await this.#load(FALLBACK);
    await this.setLanguage(this.#preferred(), { remember: false });
  }

  /** Switches language, remembering an explicit choice across visits. */
  async setLanguage(code, { remember = true } = {}) {
    const language = LANGUAGES.some((entry) => entry.code === code) ? code : FALLBACK;
    await this.#load(language);
    this.#language = language;
    if (remember) {
      try {
        localStorage.setItem(STORAGE_KEY, language);
      } catch {
        // Private modes may refuse storage; the switch still works for this visit.
      }
    }
    document.documentElement.lang = language;
    this.localize(document);
    this.dispatchEvent(new Event("change"));
  }

  /** Whether the catalogs have a message for `key`. */
  has(key) {
    return this.#catalogs.get(this.#language)?.[key] !== undefined || this.#catalogs.get(FALLBACK)?.[key] !== undefined;
  }

  /** The message for `key` with `{name}` placeholders filled from `params`; the key itself if unknown. */
  t(key, params = {}) {
    const message = this.#catalogs.get(this.#language)?.[key] ?? this.#catalogs.get(FALLBACK)?.[key] ?? key;
    return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }

  /**
   * Translates `root` and its descendants: `data-i18n="key"` sets the text,
   * `data-i18n-attr="aria-label:key;title:key"` sets attributes, and
   * `data-i18n-args='{"name":"…"}'` fills placeholders for both.
   */
  localize(root) {
    const elements = root.querySelectorAll("[data-i18n], [data-i18n-attr]");
    const list = root instanceof Element && root.matches("[data-i18n], [data-i18n-attr]") ? [root, ...elements] : elements;
    for (const element of list) {
      const params = parseArgs(element.dataset.i18nArgs);
      if (element.dataset.i18n) element.textContent = this.t(element.dataset.i18n, params);
      for (const pair of (element.dataset.i18nAttr ?? "").split(";")) {
        const [attribute, key] = pair.split(":").map((part) => part?.trim());
        if (attribute && key) element.setAttribute(attribute, this.t(key, params));
      }
    }
    if (root === document) document.title = this.t("app.name");
  }

  #preferred() {
    let stored = null;
    try {
      stored = localStorage.getItem(STORAGE_KEY);
    } catch {
      // Storage unavailable: fall through to the browser's languages.
    }
    if (stored) return stored;
    for (const tag of navigator.languages ?? [navigator.language]) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (LANGUAGES.some((entry) => entry.code === base)) return base;
    }
    return FALLBACK;
  }

  async #load(code) {
    if (this.#catalogs.has(code)) return;
    // Resolved relative to this module so the catalog stays under the versioned asset path.
    const response = await fetch(new URL(`../../i18n/${code}.json`, import.meta.url));
    if (!response.ok) throw new Error(`Catalog ${code} answered ${response.status}`);
    this.#catalogs.set(code, await response.json());
  }
}

function parseArgs(text) {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** The app's one translator. */
export const i18n = new I18n();

/** Shorthand for `i18n.t`. */
export const t = (key, params) => i18n.t(key, params);
