// What the system share sheet handed to the app while the server could not be reached (the Web
// Share Target, `POST /share`). The service worker keeps each share here, Blobs and all, and opens
// the app; the app moves them into the signed-in account's outbox (`outbox.enqueueShare`) as soon
// as that outbox is open, so a share made offline waits there like any other write. One database
// for the browser, not per account: the worker cannot know who will open it, and it is emptied at
// once.

const NAME = "wishlist-shared-inbox";
const VERSION = 1;
const SHARES = "shares";

function open() {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(NAME, VERSION);
    opening.addEventListener("upgradeneeded", () => {
      opening.result.createObjectStore(SHARES, { autoIncrement: true });
    });
    opening.addEventListener("success", () => resolve(opening.result));
    opening.addEventListener("error", () => reject(opening.error));
  });
}

/** Runs `work(store)` in one transaction of the inbox and resolves with its result once committed. */
async function inTransaction(mode, work) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const transaction = db.transaction(SHARES, mode);
      let result;
      Promise.resolve(work(transaction.objectStore(SHARES))).then((value) => {
        result = value;
      }, reject);
      transaction.addEventListener("complete", () => resolve(result));
      transaction.addEventListener("error", () => reject(transaction.error));
      transaction.addEventListener("abort", () => reject(transaction.error));
    });
  } finally {
    db.close();
  }
}

/** Keeps one share: `{title, text, url, files}` as the share target's form has them. */
export function keepShare(share) {
  return inTransaction("readwrite", (store) => {
    store.add(share);
  });
}

/** Every share kept, oldest first, taken out of the inbox in the same transaction. */
export function takeShares() {
  return inTransaction("readwrite", (store) => {
    const reading = store.getAll();
    return new Promise((resolve, reject) => {
      reading.addEventListener("success", () => {
        store.clear();
        resolve(reading.result);
      });
      reading.addEventListener("error", () => reject(reading.error));
    });
  });
}
