// Every journal request goes through here, and every entry that comes back is put into
// the one store (W15) under the kind "entry": views hold ids and read entries from the store,
// so hearting, editing or deleting an entry shows in every list at once (D2, D3). Writes go
// through the outbox, which sends them at once or keeps them until the server can be reached.

import { JOURNAL } from "../common/record-kinds.js";
import { api } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { changeOptimistically, store } from "../common/store.js";
import { outbox } from "../offline/outbox.js";
import { isLocalId, localRecord } from "../offline/outbox-writes.js";

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
  /** One page of entries, `{ids, nextCursor}`; `hearted: true` asks for the hearted ones only; the first starts with those waiting in the outbox. */
  async page({ hearted = false, limit }, cursor, { signal } = {}) {
    const query = { limit, hearted: hearted ? "true" : null, cursor: cursor || null };
    const load = async () => this.#keepPage(await api.request(API.journal.list, { query, signal }));
    // The first page starts with the entries written offline and not sent yet.
    return cursor ? load() : outbox.withLocal(JOURNAL, load);
  }

  /** One page of the entries that mention the wish `wishId`. */
  async mentioning(wishId, { limit }, cursor, { signal } = {}) {
    // A wish the server has not seen yet is named by no entry there.
    if (isLocalId(outbox.serverId(wishId))) return { ids: [], nextCursor: null };
    const query = { limit, cursor: cursor || null };
    return this.#keepPage(await api.request(API.journal.mentioning, { params: { id: outbox.serverId(wishId) }, query, signal }));
  }

  /** Fetches one entry fresh from the server; one written offline and not sent yet is the one held. */
  async load(id, { signal } = {}) {
    if (isLocalId(id)) await outbox.opened();
    if (isLocalId(id) && outbox.serverId(id) === id) return localRecord(JOURNAL, id);
    const [entry] = store.put(JOURNAL, await api.request(API.journal.show, { params: { id: outbox.serverId(id) }, signal }));
    return entry;
  }

  async create(fields) {
    return (await outbox.send({ kind: JOURNAL, action: "create", body: fields })).record;
  }

  /** Changes `fields` of the entry at `version`; rejects with 412 `stale_version` if it changed since. */
  async update(id, fields, version) {
    return (await outbox.send({ kind: JOURNAL, action: "update", id, body: fields, version })).record;
  }

  async delete(id) {
    await outbox.send({ kind: JOURNAL, action: "delete", id });
  }

  /** Hearts or unhearts at once on screen, then tells the server (or the outbox, offline); puts the held entry back if refused. */
  async setHearted(id, hearted) {
    await changeOptimistically(JOURNAL, id, { hearted }, async () => (await outbox.send({ kind: JOURNAL, action: hearted ? "heart" : "unheart", id })).record);
  }

  #keepPage(answer) {
    return { ids: store.put(JOURNAL, answer.items ?? []).map((entry) => entry.id), nextCursor: answer.nextCursor ?? null };
  }
}

/** The app's one journal service. */
export const journalService = new JournalService();
