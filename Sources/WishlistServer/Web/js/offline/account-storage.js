// Deleting what this browser keeps of one account: its caches and the IndexedDB databases named
// for it (the outbox's). Both the page (at sign-out) and the service worker (at a 401 the page may
// never see, when it opens with a session already over) call it; it needs no DOM.

import { accountPrefix } from "./offline-names.js";

/** Deletes every cache and IndexedDB database whose name starts with `wishlist-<account>-`. */
export async function deleteAccountStorage(account) {
  const prefix = accountPrefix(account);
  const names = await caches.keys().catch(() => []);
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => caches.delete(name)));
  const databases = await indexedDB.databases().catch(() => []);
  await Promise.all(databases.filter(({ name }) => name?.startsWith(prefix)).map(({ name }) => deleteDatabase(name)));
}

function deleteDatabase(name) {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    // Blocked until the outbox closes its connection (it does on `versionchange`); then it succeeds.
    request.onsuccess = request.onerror = () => resolve();
  });
}
