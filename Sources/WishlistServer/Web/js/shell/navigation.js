// Moving between screens from inside a view. "Back" must never leave the app:
// each history entry the app shows is stamped with how many in-app entries lie
// before it, so a screen opened from a link (depth 0) goes to a sensible
// fallback instead of to whatever page came before Wishlist.

/** Tracks the depth of in-app history entries and offers replace/back. */
export class Navigation {
  #depth = 0;
  #started = false;
  #replacing = false;

  /** Called by the shell on every route: stamps a new history entry with its depth, or reads it back. */
  record() {
    const state = history.state;
    if (typeof state?.wlDepth === "number") {
      this.#depth = state.wlDepth;
    } else {
      if (this.#started && !this.#replacing) this.#depth += 1;
      history.replaceState({ ...state, wlDepth: this.#depth }, "");
    }
    this.#started = true;
    this.#replacing = false;
  }

  /** Opens `path` in place of the current entry (after saving, deleting). */
  replace(path) {
    this.#replacing = true;
    location.replace(`#${path}`);
  }

  /** Goes back within the app, or to `fallback` when this screen was the first one opened. */
  back(fallback) {
    if (this.#depth > 0) history.back();
    else this.replace(fallback);
  }
}

/** The app's one navigation helper. */
export const navigation = new Navigation();
