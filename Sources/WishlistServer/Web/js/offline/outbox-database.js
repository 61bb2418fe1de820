// Where the outbox keeps its writes: one IndexedDB database per account, named
// `wishlist-<accountId>-outbox`, so signing out (which deletes every `wishlist-<accountId>-…`
// database) takes them with it and two accounts on one browser never share one. IndexedDB
// rather than localStorage: it holds a photo's Blob as it is, and survives a crash mid-write
// (each change is one transaction).

const VERSION = 1;
const WRITES = "writes";

/** The database name of `accountId`'s outbox. */
export function outboxDatabaseName(accountId) {
  return `wishlist-${accountId}-outbox`;
}

/** The writes of one account, in the order they were made (`seq`, given by the database). */
export class OutboxDatabase {
  #db;

  constructor(db) {
    this.#db = db;
    // Sign-out deletes the database: let go at once so the deletion is not blocked by this tab.
    db.addEventListener("versionchange", () => db.close());
  }

  /** Opens (creating when new) the outbox of `accountId`. */
  static open(accountId) {
    return new Promise((resolve, reject) => {
      const opening = indexedDB.open(outboxDatabaseName(accountId), VERSION);
      opening.addEventListener("upgradeneeded", () => {
        opening.result.createObjectStore(WRITES, { keyPath: "seq", autoIncrement: true });
      });
      opening.addEventListener("success", () => resolve(new OutboxDatabase(opening.result)));
      opening.addEventListener("error", () => reject(opening.error));
      opening.addEventListener("blocked", () => reject(new Error("The outbox database is blocked.")));
    });
  }

  close() {
    this.#db.close();
  }

  /** Every write kept, oldest first. */
  all() {
    return this.#run("readonly", (writes) => writes.getAll());
  }

  /** Keeps a new write and resolves with its `seq`. */
  add(write) {
    return this.#run("readwrite", (writes) => writes.add(write));
  }

  /** Replaces some writes (`put`) and forgets others (`remove`, by seq) in one transaction. */
  change({ put = [], remove = [] }) {
    return this.#run("readwrite", (writes) => {
      for (const write of put) writes.put(write);
      for (const seq of remove) writes.delete(seq);
      return null;
    });
  }

  /** Runs `work(store)` in one transaction; resolves with its request's result once committed. */
  #run(mode, work) {
    return new Promise((resolve, reject) => {
      const transaction = this.#db.transaction(WRITES, mode, { durability: "strict" });
      const request = work(transaction.objectStore(WRITES));
      transaction.addEventListener("complete", () => resolve(request ? request.result : undefined));
      transaction.addEventListener("error", () => reject(transaction.error));
      transaction.addEventListener("abort", () => reject(transaction.error ?? new Error("The outbox transaction was aborted.")));
    });
  }
}
