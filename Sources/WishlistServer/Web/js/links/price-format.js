// Prices seen on links (X10) in the person's language: "₩89,000", and the change since the
// first price seen, "₩89,000 → ₩79,000 since 3 Nov".

import { i18n } from "../shell/i18n.js";

/** `{amount, currency}` as the person's language writes money; a price without currency as a plain number. */
export function formatPrice({ amount, currency }) {
  const value = Number(amount);
  if (currency) {
    try {
      return new Intl.NumberFormat(i18n.language, { style: "currency", currency }).format(value);
    } catch {
      // A code Intl does not know: the number, then the code as the page gave it.
    }
  }
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
  return currency ? `${number} ${currency}` : number;
}

/** A day, short: "3 Nov" / "11월 3일". */
export function formatShortDay(timestamp) {
  return new Intl.DateTimeFormat(i18n.language, { month: "short", day: "numeric" }).format(new Date(timestamp));
}

/**
 * The change from the first price seen to the latest in `history` (newest first), as catalog
 * arguments `{from, to, since}`; null while the price has not changed.
 */
export function priceChange(history) {
  if (!history || history.length < 2) return null;
  const latest = history[0];
  const first = history[history.length - 1];
  if (Number(first.amount) === Number(latest.amount) && first.currency === latest.currency) return null;
  return { from: formatPrice(first), to: formatPrice(latest), since: formatShortDay(first.seenAt) };
}
