// What this browser keeps of an account — the service worker's answers and renditions, and the
// IndexedDB databases named for it (the outbox's) — is deleted when the account signs out or its
// session ends (a 401), so the next person on this browser finds nothing of it. Signing out with
// writes still waiting asks first, since they would go with it.

import { ConfirmDialog } from "../common/confirm-dialog.js";
import { session, SessionState } from "../accounts/session.js";
import { deleteAccountStorage } from "./account-storage.js";
import { OFFLINE_MESSAGES } from "./offline-names.js";
import { offlineStatus } from "./offline-status.js";

/** Whether to go on signing out: at once with an empty outbox, else once the person agrees to lose what waits. */
export async function confirmSignOut() {
  const count = offlineStatus.outboxCount;
  if (count === 0) return true;
  return ConfirmDialog.ask({
    titleKey: "offline.signOut.title",
    bodyKey: "offline.signOut.body",
    confirmKey: "offline.signOut.confirm",
    args: { count },
  });
}

/** Deletes everything kept for `account`: its caches and its IndexedDB databases. */
export async function forgetAccountData(account) {
  // The worker first, so that no answer still on its way is kept after the caches are gone.
  await tellWorker({ type: OFFLINE_MESSAGES.forgetAccount, account });
  await deleteAccountStorage(account);
}

/**
 * Tells the worker who is signed in (it learns it from `/me` too, but a page opened before the
 * worker took it over asked before), and forgets each account's data once its session ends,
 * however it ends.
 */
export function watchSession() {
  let account = null;
  const announce = () => {
    if (account) tellWorker({ type: OFFLINE_MESSAGES.account, account });
  };
  session.addEventListener("change", () => {
    const now = session.state === SessionState.unknown ? account : (session.user?.id ?? null);
    if (account && account !== now) forgetAccountData(account);
    account = now;
    announce();
  });
  navigator.serviceWorker?.addEventListener("controllerchange", announce);
}

function tellWorker(message) {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    worker.postMessage(message, [channel.port2]);
  });
}
