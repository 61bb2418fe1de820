// What each kind of write the outbox carries is: the route it goes to, how it is sent, what the
// server's answer holds, and how it shows on screen before the server has it (the store changed at
// once, as if it had been sent). A write is a plain object, kept as it is in IndexedDB:
// `{seq, key, kind, action, id, body, version, chained, file, width, height, state, error, madeAt}`.

import { JOURNAL, PHOTO, WISH } from "../common/record-kinds.js";
import { api, ApiError, NetworkError } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { store } from "../common/store.js";

/** Ids the browser makes for records the server has not seen yet. */
const LOCAL_PREFIX = "local-";

/** The routes of each kind's writes, by action. */
const ROUTES = Object.freeze({
  [WISH]: { create: API.wishes.create, update: API.wishes.update, delete: API.wishes.delete, favorite: API.wishes.favorite, unfavorite: API.wishes.unfavorite },
  [JOURNAL]: { create: API.journal.create, update: API.journal.update, delete: API.journal.delete, heart: API.journal.heart, unheart: API.journal.unheart },
  [PHOTO]: { upload: API.photos.upload, edit: API.photos.edit, resetEdit: API.photos.resetEdit, delete: API.photos.delete },
});

/** Where the latest version of a record is read, by kind. */
const SHOW_ROUTES = Object.freeze({ [WISH]: API.wishes.show, [JOURNAL]: API.journal.show, [PHOTO]: null });

/**
 * Reads record `id` of `kind` from the server and shows it in the store; resolves with it (null
 * when it is gone, or photos, which have no route of their own).
 */
export async function showLatest(kind, id) {
  if (!SHOW_ROUTES[kind]) return null;
  try {
    // The server's copy is what is answered: the store may show it with waiting writes laid over.
    const record = await api.request(SHOW_ROUTES[kind], { params: { id } });
    store.put(kind, record);
    return record;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      store.remove(kind, id);
      return null;
    }
    throw error;
  }
}

/** What a toggle write changes on its record, seen at once. */
const TOGGLES = Object.freeze({
  favorite: { favorite: true },
  unfavorite: { favorite: false },
  heart: { hearted: true },
  unheart: { hearted: false },
});

/** Fields a record made offline has before the server fills in its own. */
const NEW_RECORD = Object.freeze({
  [WISH]: { memo: null, link: null, tags: [], favorite: false, place: null, priceHistory: [] },
  [JOURNAL]: { time: null, contents: "", place: null, wishIds: [], hearted: false },
});

/** A new id for a record made here, unknown to the server until its create is sent. */
export function localId(uuid) {
  return `${LOCAL_PREFIX}${uuid}`;
}

/** Whether `id` names a record the server has not seen yet. */
export function isLocalId(id) {
  return typeof id === "string" && id.startsWith(LOCAL_PREFIX);
}

/** The record of `kind` made offline under the local `id`, as held; 404 once it was given up. */
export function localRecord(kind, id) {
  const held = store.get(kind, id);
  if (!held) throw new ApiError(404, "not_found", "This was given up before it was sent.");
  return held;
}

/** Whether a write makes a new record (whose id is local until it is sent). */
export function makesRecord(write) {
  return write.action === "create" || write.action === "upload";
}

/** Whether a write is checked against the version it was made on (`If-Match`). */
export function isVersioned(write) {
  return write.action === "update";
}

/**
 * Sends `write` with its Idempotency-Key and resolves with the record the server answered with
 * (null for a delete). Rejects like `api.request`.
 */
export async function transmit(write, { onProgress, signal } = {}) {
  const route = ROUTES[write.kind][write.action];
  const idempotencyKey = write.key;
  if (write.action === "upload") {
    const body = new FormData();
    body.append("file", write.file, write.fileName);
    const answer = await api.upload(route, body, { onProgress, signal, idempotencyKey });
    if (!Array.isArray(answer?.items) || answer.items.length !== 1) throw new NetworkError("The server sent an unreadable answer.");
    return { record: answer.items[0], answer };
  }
  const headers = isVersioned(write) ? { "If-Match": `"${write.version}"` } : {};
  const params = write.action === "create" ? undefined : { id: write.id };
  const answer = await api.request(route, { params, body: write.body ?? undefined, headers, signal, idempotencyKey });
  return { record: write.action === "delete" ? null : answer, answer };
}

/** Shows `write` in the store as if the server had taken it. */
export function showLocally(write) {
  const { kind, action, id, body } = write;
  const held = store.get(kind, id);
  if (action === "upload") {
    store.put(PHOTO, localPhoto(write));
  } else if (action === "create") {
    const now = new Date(write.madeAt).toISOString();
    store.put(kind, { ...NEW_RECORD[kind], ...fieldsOf(body), id, createdAt: now, updatedAt: now, version: 0 });
  } else if ((action === "update" || TOGGLES[action]) && held) {
    store.put(kind, laidOver(held, write));
  } else if (action === "delete") {
    store.remove(kind, id);
  }
}

/** `record` as it will be once `write` (waiting) is sent: null when the write deletes it. */
export function laidOver(record, write) {
  if (write.action === "update") return { ...record, ...fieldsOf(write.body) };
  if (TOGGLES[write.action]) return { ...record, ...TOGGLES[write.action] };
  return write.action === "delete" ? null : record;
}

/** A write's fields as the record holds them: `photoIds` become the photos themselves. */
function fieldsOf(body) {
  const { photoIds, ...fields } = body;
  if (photoIds === undefined) return fields;
  return { ...fields, photos: photoIds.map((photoId) => store.get(PHOTO, photoId)).filter(Boolean) };
}

/** A photo not uploaded yet, shown from its Blob in every size. */
function localPhoto(write) {
  const url = URL.createObjectURL(write.file);
  const urls = { thumb: url, medium: url, large: url, original: url };
  return { id: write.id, width: write.width, height: write.height, animated: false, edit: null, urls, local: true };
}

/** `value` with every string equal to `from` replaced by `to` (a local id by the server's), arrays and objects walked. */
export function replaceId(value, from, to) {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((item) => replaceId(item, from, to));
  if (value && typeof value === "object" && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, replaceId(item, from, to)]));
  }
  return value;
}

/** `value` with `id` taken out of every array it is in (a photo or a wish that will never exist). */
export function dropId(value, id) {
  if (Array.isArray(value)) return value.filter((item) => item !== id).map((item) => dropId(item, id));
  if (value && typeof value === "object" && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, dropId(item, id)]));
  }
  return value;
}

/** Whether `value` (a write's body) names `id` anywhere. */
export function mentions(value, id) {
  if (value === id) return true;
  if (Array.isArray(value)) return value.some((item) => mentions(item, id));
  if (value && typeof value === "object" && !(value instanceof Blob)) return Object.values(value).some((item) => mentions(item, id));
  return false;
}
