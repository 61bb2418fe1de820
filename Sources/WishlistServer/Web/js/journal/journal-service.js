// Every journal request goes through here, and every entry that comes back is put into
// the one store (W15) under the kind "entry": views hold ids and read entries from the store,
// so hearting, editing or deleting an entry shows in every list at once (D2, D3).

import { JOURNAL } from "../common/record-kinds.js";
import { api } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { changeOptimistically, store } from "../common/store.js";

/** The order of the journal, as one string per entry that sorts like the server: newest day, then newest written. */
export function journalOrder(entry) {
  return `${entry.date} ${entry.createdAt}`;
}

/** The calendar day `date` stands on in the person's own time zone, as `YYYY-MM-DD`. */
export function localDay(date = new Date()) {
  const pad = (number) => String(number).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A `YYYY-MM-DD` day as a Date at noon local time, so formatting it never slips to the day before. */
export function dayAsDate(day) {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year, month - 1, date, 12);
}

/** Journal calls that keep the store up to date. */
export class JournalService {
  /** One page of entries, `{ids, nextCursor}`; `hearted: true` asks for the hearted ones only. */
  async page({ hearted = false, limit }, cursor, { signal } = {}) {
    const query = { limit, hearted: hearted ? "true" : null, cursor: cursor || null };
    return this.#keepPage(await api.request(API.journal.list, { query, signal }));
  }

  /** One page of the entries that mention the wish `wishId`. */
  async mentioning(wishId, { limit }, cursor, { signal } = {}) {
    const query = { limit, cursor: cursor || null };
    return this.#keepPage(await api.request(API.journal.mentioning, { params: { id: wishId }, query, signal }));
  }

  async load(id, { signal } = {}) {
    const [entry] = store.put(JOURNAL, await api.request(API.journal.show, { params: { id }, signal }));
    return entry;
  }

  async create(fields) {
    const [entry] = store.put(JOURNAL, await api.request(API.journal.create, { body: fields }));
    return entry;
  }

  /** Changes `fields` of the entry at `version`; rejects with 412 `stale_version` if it changed since. */
  async update(id, fields, version) {
    const [entry] = store.put(JOURNAL, await api.request(API.journal.update, { params: { id }, body: fields, headers: { "If-Match": `"${version}"` } }));
    return entry;
  }

  async delete(id) {
    await api.request(API.journal.delete, { params: { id } });
    store.remove(JOURNAL, id);
  }

  /** Hearts or unhearts at once on screen, then tells the server; puts the held entry back if it could not. */
  async setHearted(id, hearted) {
    const route = hearted ? API.journal.heart : API.journal.unheart;
    await changeOptimistically(JOURNAL, id, { hearted }, () => api.request(route, { params: { id } }));
  }

  #keepPage(answer) {
    return { ids: store.put(JOURNAL, answer.items ?? []).map((entry) => entry.id), nextCursor: answer.nextCursor ?? null };
  }
}

/** The app's one journal service. */
export const journalService = new JournalService();
