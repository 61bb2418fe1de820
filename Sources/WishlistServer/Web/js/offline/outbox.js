// Writes that wait for the server (issue 30). Every write of wishes, journal entries and photos
// goes through `outbox.send`: sent at once when it can be, each with an Idempotency-Key; when the
// server cannot be reached, kept in IndexedDB (outbox-database.js) with that same key and shown
// at once as if sent. The outbox sends what it keeps, oldest first, when the connection returns
// (the `online` event, a timer, or any answer from the server), and a reload or a crash loses
// nothing. A record made offline has a local id until its create is sent; the writes after it
// (an edit of it, a wish naming its photo) then get the server's id. An edit whose version is
// stale (412) or a write the server refuses for good (400, 404, 413…) is held, with the server's
// answer, for the person to settle (outbox-view.js); writes of the same record wait behind it.

import { apiEvents, ApiError, NetworkError, newIdempotencyKey } from "../common/api.js";
import { PHOTO, WISH } from "../common/record-kinds.js";
import { limits } from "../common/limits.js";
import { store } from "../common/store.js";
import { session, SessionState } from "../accounts/session.js";
import { navigation } from "../shell/navigation.js";
import { OutboxDatabase, outboxDatabaseName } from "./outbox-database.js";
import { takeShares } from "./shared-inbox.js";
import { dropId, isLocalId, isVersioned, laidOver, localId, makesRecord, mentions, replaceId, showLatest, showLocally, transmit } from "./outbox-writes.js";

/** The first wait before trying again after a failed send, doubled each time up to the last. */
const RETRY_FIRST_MS = 2_000;
const RETRY_LAST_MS = 60_000;

/** Answers that say "not now" rather than "no": the write is tried again later. */
function isTemporary(error) {
  return error instanceof NetworkError
    || (error instanceof ApiError && (error.status >= 500 || [408, 425, 429].includes(error.status) || error.code === "request_in_progress"));
}

/**
 * The outbox of the signed-in account. Events: "change" whenever its writes changed (also
 * announced to the page as `wishlist:outbox` with `{count}`), "sent" with `{kind, localId, id}`
 * when a record made offline got its server id.
 */
export class Outbox extends EventTarget {
  #db = null;
  #accountId = null;
  #writes = [];
  #serverIds = new Map();
  #draining = null;
  #again = false;
  #unreachable = false;
  #timer = null;
  #retryMs = RETRY_FIRST_MS;
  #opening = Promise.resolve();

  constructor() {
    super();
    store.setOverlay((kind, record) => this.#laidOver(kind, record));
    window.addEventListener("online", () => this.drain());
    apiEvents.addEventListener("reachable", () => {
      if (this.#unreachable) this.drain();
    });
  }

  /** Every write not yet taken by the server, oldest first (held ones too). */
  get writes() {
    return [...this.#writes];
  }

  /** How many writes wait. */
  get count() {
    return this.#writes.length;
  }

  /** Resolves once the outbox being opened has shown its writes (at once when none is). */
  opened() {
    return this.#opening;
  }

  /** Opens the outbox of `accountId`, shows its writes and starts sending them. */
  open(accountId) {
    if (this.#accountId === accountId) return this.#opening;
    this.close();
    this.#accountId = accountId;
    this.#opening = this.#open(accountId);
    return this.#opening;
  }

  async #open(accountId) {
    const db = await OutboxDatabase.open(accountId);
    if (this.#accountId !== accountId) {
      db.close();
      return;
    }
    this.#db = db;
    this.#writes = await db.all();
    for (const write of this.#writes) showLocally(write);
    // Shares the service worker kept while the server was away become this account's writes.
    for (const share of await takeShares()) await this.enqueueShare(share);
    this.#changed();
    this.drain();
  }

  /** `record` with the writes of it still waiting laid over it, in order (null: one deletes it). */
  #laidOver(kind, record) {
    let shown = record;
    for (const write of this.#writes) {
      if (shown === null) break;
      if (write.kind === kind && write.id === record.id) shown = laidOver(shown, write);
    }
    return shown;
  }

  /** Lets go of the account's outbox (sign-out deletes the database itself). */
  close() {
    clearTimeout(this.#timer);
    this.#db?.close();
    this.#db = null;
    this.#accountId = null;
    this.#writes = [];
    this.#serverIds.clear();
    this.#changed();
  }

  /** The id the server gave a record made offline, once its create was sent; else `id` itself. */
  serverId(id) {
    return this.#serverIds.get(id) ?? id;
  }

  /**
   * The ids of the records of `kind` made here and not sent yet, newest first, with the first page
   * of a list from `load()` (`{ids, nextCursor}`) after them: lists show them at once. When the
   * server cannot be reached and such records exist, they alone are the page.
   */
  async withLocal(kind, load) {
    await this.#opening;
    const local = this.#writes.filter((write) => write.kind === kind && write.action === "create" && store.get(kind, write.id)).map((write) => write.id).reverse();
    try {
      const page = await load();
      return { ...page, ids: [...local, ...page.ids.filter((id) => !local.includes(id))] };
    } catch (error) {
      if (error instanceof NetworkError && local.length > 0) return { ids: local, nextCursor: null };
      throw error;
    }
  }

  /** The state of the writes of record `id` that wait: "conflict" or "failed" when one is held, "pending", or null. */
  stateOf(id) {
    const states = this.#writes.filter((write) => write.id === id).map((write) => write.state);
    return ["conflict", "failed", "pending"].find((state) => states.includes(state)) ?? null;
  }

  /**
   * Sends a write `{kind, action, id, body, version}` (see outbox-writes.js) and resolves with
   * `{record, answer, queued}`: the record now in the store, the server's answer (null when the
   * write was kept for later). It is kept, not sent, when the server cannot be reached or other
   * writes of the same record still wait (so the order holds). Rejects with the server's refusal
   * (ApiError) when it was sent and refused, so the editor shows it as before.
   */
  async send(description, { onProgress, signal } = {}) {
    const write = this.#known(newWrite(description));
    if (this.#db && this.#mustWait(write)) return this.#keep(write);
    let sent;
    try {
      sent = await transmit(write, { onProgress, signal });
    } catch (error) {
      if (this.#db && error instanceof NetworkError) {
        this.#unreachable = true;
        return this.#keep(write);
      }
      throw error;
    }
    this.#showAnswer(write, sent.record);
    return { record: sent.record && store.get(write.kind, sent.record.id), answer: sent.answer, queued: false };
  }

  /**
   * Keeps a photo the server has not seen (offline) to be uploaded before the record naming it;
   * resolves with the local photo, shown from its Blob. `file` is a File or Blob.
   */
  async keepPhoto(file) {
    return (await this.#keep(newWrite({ kind: PHOTO, action: "upload", file, fileName: file.name ?? "photo" }))).record;
  }

  /**
   * What the Web Share Target received (`title`, `text`, `url`, image `files`) as a new wish,
   * kept in the outbox and sent when the server can be reached: the shared page's title (or the
   * text, or the address) names it, the text is its memo, the address its link, the images its
   * photos. Resolves with the wish as it shows now (under a local id until sent).
   */
  async enqueueShare({ title = "", text = "", url = "", files = [] } = {}) {
    if (!this.#db) throw new Error("No one is signed in: nothing can be kept.");
    const link = url || text.match(/https?:\/\/\S+/)?.[0] || null;
    const name = [title, text, link].map((part) => (part ?? "").trim()).find(Boolean) ?? "";
    const images = files.filter((file) => file.type.startsWith("image/") && file.size <= limits.photoFileBytes).slice(0, limits.wishPhotos);
    const photos = [];
    for (const file of images) photos.push(await this.keepPhoto(file));
    const memo = text.trim() && text.trim() !== name ? text : null;
    const body = { name: [...name].slice(0, limits.wishName).join(""), memo, link, tags: [], favorite: false, place: null, photoIds: photos.map((photo) => photo.id) };
    return (await this.#keep(newWrite({ kind: WISH, action: "create", body }))).record;
  }

  /** Sends a held write again as `body` on top of `version` (the person settled a conflict), with a new key. */
  async retry(write, { body, version }) {
    const again = { ...write, body, version, key: newIdempotencyKey(), state: "pending", error: null };
    await this.#db.change({ put: [again] });
    this.#writes = this.#writes.map((held) => (held.seq === write.seq ? again : held));
    this.#changed();
    return this.drain();
  }

  /**
   * Gives up a write, and what only it made possible: a create's later writes, its record on
   * screen, its id in other writes' bodies, and the photos kept for it alone (unless
   * `keepPhotos`: they go on into a draft).
   */
  async discard(write, { keepPhotos = false } = {}) {
    let gone = makesRecord(write) ? this.#writes.filter((held) => held.id === write.id) : [write];
    if (makesRecord(write) && !keepPhotos) {
      const others = this.#writes.filter((held) => held.id !== write.id);
      const orphans = (write.body?.photoIds ?? []).filter((id) => isLocalId(id) && !others.some((held) => held.id !== id && mentions(held.body, id)));
      gone = [...gone, ...others.filter((held) => orphans.includes(held.id))];
    }
    const goneSeqs = new Set(gone.map((held) => held.seq));
    const goneIds = gone.filter(makesRecord).map((held) => held.id);
    const changed = this.#writes
      .filter((held) => !goneSeqs.has(held.seq) && goneIds.some((id) => mentions(held.body, id)))
      .map((held) => ({ ...held, body: goneIds.reduce((body, id) => dropId(body, id), held.body) }));
    await this.#db.change({ put: changed, remove: [...goneSeqs] });
    this.#writes = this.#writes.filter((held) => !goneSeqs.has(held.seq)).map((held) => changed.find((one) => one.seq === held.seq) ?? held);
    for (const held of gone.filter(makesRecord)) store.remove(held.kind, held.id);
    // What the write showed on screen goes too: the record as the server holds it comes back.
    if (!makesRecord(write) && !isLocalId(write.id)) showLatest(write.kind, write.id).catch(() => {});
    this.#changed();
    this.drain();
  }

  /**
   * Sends the waiting writes in order, one at a time; in one tab at a time (a Web Lock), the
   * others leave it to that one. Stops at the first that cannot be sent now and tries again
   * later; holds those refused for good and goes on with the rest. Resolves once done.
   */
  drain() {
    clearTimeout(this.#timer);
    if (this.#draining) {
      this.#again = true;
      return this.#draining;
    }
    if (!this.#db) return Promise.resolve();
    const run = async () => {
      try {
        do {
          this.#again = false;
          await this.#withLock(() => this.#drainOnce());
        } while (this.#again && this.#db);
      } finally {
        this.#draining = null;
      }
    };
    this.#draining = run();
    return this.#draining;
  }

  #withLock(work) {
    if (!navigator.locks) return work();
    return navigator.locks.request(`${outboxDatabaseName(this.#accountId)}-drain`, { ifAvailable: true }, (lock) => (lock ? work() : null));
  }

  async #drainOnce() {
    const db = this.#db;
    // Another tab may have sent or added writes: the database is the truth.
    this.#writes = await db.all();
    const waiting = new Set();
    for (const { seq } of [...this.#writes]) {
      if (this.#db !== db) return;
      const write = this.#writes.find((held) => held.seq === seq);
      if (!write) continue;
      if (write.state !== "pending" || waiting.has(write.id) || [...waiting].some((id) => mentions(write.body, id))) {
        waiting.add(write.id);
        continue;
      }
      let sent;
      try {
        sent = await transmit(write);
      } catch (error) {
        if (isTemporary(error)) {
          this.#unreachable = error instanceof NetworkError;
          this.#retryLater();
          break;
        }
        if (error instanceof ApiError && error.status === 401) break;
        await this.#hold(write, error);
        waiting.add(write.id);
        continue;
      }
      if (this.#db !== db) return;
      this.#unreachable = false;
      this.#retryMs = RETRY_FIRST_MS;
      await this.#settle(write, sent.record);
    }
    this.#changed();
  }

  /** Keeps `write` for later, shows it at once and resolves like `send`. */
  async #keep(write) {
    // An edit made on top of writes not sent yet: its version is the one the last of them answers with.
    if (isVersioned(write)) write.chained = this.#writes.some((held) => held.id === write.id);
    if (write.action === "upload" && write.width === undefined) Object.assign(write, await imageSize(write.file));
    // Deleting what was never sent: nothing to tell the server.
    if (write.action === "delete" && isLocalId(write.id)) {
      const create = this.#writes.find((held) => held.id === write.id && makesRecord(held));
      if (create) await this.discard(create);
      return { record: null, answer: null, queued: true };
    }
    write.seq = await this.#db.add(write);
    this.#writes.push(write);
    showLocally(write);
    this.#changed();
    if (this.#unreachable) this.#retryLater();
    else this.drain();
    return { record: store.get(write.kind, write.id) ?? null, answer: null, queued: true };
  }

  /** The server took `write` and answered `record`: the store shows it, and the writes after it learn its id and version. */
  async #settle(write, record) {
    const changed = [];
    for (const held of this.#writes.filter((one) => one.seq > write.seq)) {
      let next = held;
      if (makesRecord(write) && record) next = replaceId(next, write.id, record.id);
      if (typeof record?.version === "number" && next.id === record.id && next.chained) next = { ...next, version: record.version };
      if (next !== held) changed.push(next);
    }
    await this.#db.change({ put: changed, remove: [write.seq] });
    this.#writes = this.#writes.filter((held) => held.seq !== write.seq).map((held) => changed.find((one) => one.seq === held.seq) ?? held);
    this.#showAnswer(write, record);
    this.#changed();
  }

  /** Puts the server's answer to `write` in the store, in place of what was shown before it. */
  #showAnswer(write, record) {
    if (write.action === "delete") {
      store.remove(write.kind, write.id);
      return;
    }
    if (!record) return;
    if (makesRecord(write) && write.id !== record.id && isLocalId(write.id)) {
      this.#serverIds.set(write.id, record.id);
      store.put(write.kind, record);
      store.remove(write.kind, write.id);
      this.dispatchEvent(new CustomEvent("sent", { detail: { kind: write.kind, localId: write.id, id: record.id } }));
      return;
    }
    store.put(write.kind, record);
  }

  async #hold(write, error) {
    const held = {
      ...write,
      state: error instanceof ApiError && error.code === "stale_version" ? "conflict" : "failed",
      error: error instanceof ApiError
        ? { status: error.status, code: error.code, message: error.message, field: error.field }
        : { status: 0, code: "generic", message: String(error?.message ?? error), field: null },
    };
    await this.#db.change({ put: [held] });
    this.#writes = this.#writes.map((one) => (one.seq === write.seq ? held : one));
  }

  /** `write` naming records made offline and sent since by their server ids. */
  #known(write) {
    let known = write;
    for (const [local, id] of this.#serverIds) known = replaceId(known, local, id);
    return known;
  }

  /** Whether `write` must wait behind kept writes: of the same record, or making a record it names. */
  #mustWait(write) {
    return (!makesRecord(write) && isLocalId(write.id))
      || this.#writes.some((held) => held.id === write.id || (makesRecord(held) && mentions(write.body, held.id)));
  }

  #retryLater() {
    clearTimeout(this.#timer);
    if (!this.#writes.some((write) => write.state === "pending")) return;
    this.#timer = setTimeout(() => this.drain(), this.#retryMs);
    this.#retryMs = Math.min(this.#retryMs * 2, RETRY_LAST_MS);
  }

  #changed() {
    const count = this.#writes.length;
    this.dispatchEvent(new Event("change"));
    window.dispatchEvent(new CustomEvent("wishlist:outbox", { detail: { count } }));
  }
}

/** A write of `description` (`{kind, action, id, body…}`), new: its own key, a local id when it makes a record. */
function newWrite(description) {
  return {
    ...description,
    id: makesRecord(description) ? localId(newIdempotencyKey()) : description.id,
    key: newIdempotencyKey(),
    chained: false,
    state: "pending",
    error: null,
    madeAt: Date.now(),
  };
}

/** The pixel size of an image file, for showing it before the server has measured it. */
async function imageSize(file) {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: 1, height: 1 };
  }
}

/** The app's one outbox, opened for whoever is signed in. */
export const outbox = new Outbox();

session.addEventListener("change", () => {
  const signedIn = session.state === SessionState.signedIn;
  if (signedIn) outbox.open(session.user.id).catch(reportError);
  else outbox.close();
});

// A screen showing a record made offline moves to its server id once it is sent.
outbox.addEventListener("sent", ({ detail }) => {
  const path = location.hash.slice(1);
  const segment = `/${encodeURIComponent(detail.localId)}`;
  if (path.includes(segment)) navigation.replace(path.replace(segment, `/${encodeURIComponent(detail.id)}`));
});
