// The fields of a share, the same when it is made (the share sheet) and when it is changed
// (Settings › Shared links): its title, what it shows (memos and prices on, places off by default,
// since a wish's place can be someone's home), whether friends may reserve gifts, and when it ends.

import { limits } from "../common/limits.js";
import { i18n } from "../shell/i18n.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The ends offered, in days from now; "never" is null. */
const EXPIRIES = [null, 7, 30, 90];

const TOGGLES = [
  { name: "showMemos", labelKey: "sharing.field.showMemos" },
  { name: "showPrices", labelKey: "sharing.field.showPrices" },
  { name: "showPlaces", labelKey: "sharing.field.showPlaces", hintKey: "sharing.field.showPlacesHint" },
  { name: "allowReservations", labelKey: "sharing.field.allowReservations", hintKey: "sharing.field.allowReservationsHint" },
];

/** The API's defaults for a new share. */
export const NEW_SHARE = Object.freeze({ showMemos: true, showPrices: true, showPlaces: false, allowReservations: true, expiresAt: null });

/** The fields' markup; ids start with `prefix`, so two forms can be on one screen. */
export function shareFieldsMarkup(prefix) {
  return `
    <div class="field">
      <label class="field-label" for="${prefix}-field-title" data-i18n="sharing.field.title"></label>
      <input class="input" id="${prefix}-field-title" name="title" required maxlength="${limits.shareTitle}" autocomplete="off">
    </div>
    <fieldset class="share-toggles">
      <legend class="field-label" data-i18n="sharing.field.shows"></legend>
      ${TOGGLES.map(
        ({ name, labelKey, hintKey }) => `
        <label class="check">
          <input type="checkbox" class="check-box" name="${name}"${hintKey ? ` aria-describedby="${prefix}-${name}-hint"` : ""}>
          <span data-i18n="${labelKey}"></span>
        </label>
        ${hintKey ? `<p class="field-hint share-toggle-hint" id="${prefix}-${name}-hint" data-i18n="${hintKey}"></p>` : ""}`,
      ).join("")}
    </fieldset>
    <div class="field">
      <label class="field-label" for="${prefix}-field-expiry" data-i18n="sharing.field.expiry"></label>
      <select class="input" id="${prefix}-field-expiry" name="expiry">
        <option value="keep" data-role="keep" hidden></option>
        ${EXPIRIES.map((days) => `<option value="${days ?? "never"}" data-i18n="${days ? "sharing.expiry.days" : "sharing.expiry.never"}" data-i18n-args='{"days":${days ?? 0}}'></option>`).join("")}
      </select>
    </div>`;
}

/** Puts `share`'s values in `form`; an end already set is offered as "Keep: <date>". */
export function fillShareFields(form, share) {
  form.elements.title.value = share.title ?? "";
  for (const { name } of TOGGLES) form.elements[name].checked = Boolean(share[name]);
  const keep = form.querySelector('[data-role="keep"]');
  keep.hidden = !share.expiresAt;
  if (share.expiresAt) keep.textContent = i18n.t("sharing.expiry.keep", { date: formatDay(share.expiresAt) });
  form.elements.expiry.value = share.expiresAt ? "keep" : "never";
}

/** The fields as the API takes them; `expiresAt` left out when the form keeps the current end. */
export function readShareFields(form) {
  const fields = { title: form.elements.title.value.trim() };
  for (const { name } of TOGGLES) fields[name] = form.elements[name].checked;
  const expiry = form.elements.expiry.value;
  if (expiry === "never") fields.expiresAt = null;
  else if (expiry !== "keep") fields.expiresAt = new Date(Date.now() + Number(expiry) * DAY_MS).toISOString();
  return fields;
}

/** A day in the person's language: "4 Dec 2026" / "2026년 12월 4일". */
export function formatDay(timestamp) {
  return new Intl.DateTimeFormat(i18n.language, { year: "numeric", month: "short", day: "numeric" }).format(new Date(timestamp));
}
