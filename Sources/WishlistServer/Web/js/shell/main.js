// Entry point: defining <wl-app> starts the app (see wishlist-app.js); the service worker keeps
// the app and what was seen for offline use, and each account's data goes when its session ends.
import { watchSession } from "../offline/account-data.js";
import { offlineStatus } from "../offline/offline-status.js";
import "./wishlist-app.js";

offlineStatus.start();
watchSession();
