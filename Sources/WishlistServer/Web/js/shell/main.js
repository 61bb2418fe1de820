// Entry point: defining <wl-app> starts the app (see components/wishlist-app.js).
import "./components/wishlist-app.js";
