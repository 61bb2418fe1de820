// Entry point: defining <wl-app> starts the app (see wishlist-app.js).
import "./wishlist-app.js";
