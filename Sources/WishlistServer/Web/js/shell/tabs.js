// The six main screens (X2), in tab-bar order. Each names the custom
// element of its view module, so adding a screen is one line here plus its module.

/** The tabs of the main navigation. */
export const TABS = Object.freeze([
  { name: "wishes", path: "/wishes", icon: "wishes", labelKey: "nav.wishes", element: "wl-wishes-view" },
  { name: "favorites", path: "/favorites", icon: "favorites", labelKey: "nav.favorites", element: "wl-favorites-view" },
  { name: "map", path: "/map", icon: "map", labelKey: "nav.map", element: "wl-map-view" },
  { name: "search", path: "/search", icon: "search", labelKey: "nav.search", element: "wl-search-view" },
  { name: "journal", path: "/journal", icon: "journal", labelKey: "nav.journal", element: "wl-journal-view" },
  { name: "discover", path: "/discover", icon: "discover", labelKey: "nav.discover", element: "wl-discover-view" },
]);

/** Where the app opens when the address names no screen. */
export const HOME_PATH = "/wishes";
