// How journal days read in the person's language: a card's "Sat, Mar 8, 2025 · 14:30" and a
// list's month heading "March 2025".

import { i18n } from "../shell/i18n.js";
import { dayAsDate } from "./journal-service.js";

/** The entry's day (and time, when it has one), e.g. "Sat, Mar 8, 2025 · 14:30". */
export function formatEntryDay(entry, { long = false } = {}) {
  const day = new Intl.DateTimeFormat(i18n.language, long ? { dateStyle: "full" } : { weekday: "short", year: "numeric", month: "short", day: "numeric" }).format(dayAsDate(entry.date));
  if (!entry.time) return day;
  const [hour, minute] = entry.time.split(":").map(Number);
  const at = dayAsDate(entry.date);
  at.setHours(hour, minute);
  return `${day} · ${new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" }).format(at)}`;
}

/** The heading of the month `key` ("2025-03"), e.g. "March 2025" or "2025년 3월". */
export function formatMonth(key) {
  return new Intl.DateTimeFormat(i18n.language, { year: "numeric", month: "long" }).format(dayAsDate(`${key}-01`));
}
