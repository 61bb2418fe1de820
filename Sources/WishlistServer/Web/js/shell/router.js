// Hash routes ("#/wishes", "#/wishes/{id}") so the server serves one page and
// links, reloads and the back button all work without server routes.

/** Matches the location hash against patterns such as "/wishes/:id" and reports changes. */
export class Router extends EventTarget {
  #routes;
  #onHashChange = () => this.#emit();

  /** `routes`: `[{ name, pattern }]`, tried in order; ":param" segments capture one path segment. */
  constructor(routes) {
    super();
    this.#routes = routes.map((route) => ({ ...route, segments: split(route.pattern) }));
  }

  /** The route and params for a path such as "/wishes/42", or null when none matches. */
  match(path) {
    const parts = split(path);
    for (const route of this.#routes) {
      const params = matchSegments(route.segments, parts);
      if (params) return { route, params, path };
    }
    return null;
  }

  /** The path part of the current hash, "/" when there is none. */
  get currentPath() {
    const hash = location.hash.replace(/^#/, "");
    return hash.startsWith("/") ? hash : `/${hash}`;
  }

  /** Starts listening and reports the current route once. */
  start() {
    window.addEventListener("hashchange", this.#onHashChange);
    this.#emit();
  }

  stop() {
    window.removeEventListener("hashchange", this.#onHashChange);
  }

  /** Goes to `path`; `replace` swaps the history entry instead of adding one (for redirects). */
  navigate(path, { replace = false } = {}) {
    if (replace) {
      history.replaceState(history.state, "", `#${path}`);
      this.#emit();
    } else {
      location.hash = path;
    }
  }

  #emit() {
    const path = this.currentPath;
    this.dispatchEvent(new CustomEvent("route", { detail: { path, match: this.match(path) } }));
  }
}

function split(path) {
  return path.split("?")[0].split("/").filter((segment) => segment.length > 0);
}

function matchSegments(pattern, parts) {
  if (pattern.length !== parts.length) return null;
  const params = {};
  for (let index = 0; index < pattern.length; index += 1) {
    const expected = pattern[index];
    let actual;
    try {
      actual = decodeURIComponent(parts[index]);
    } catch {
      return null; // A malformed escape in a typed-in URL is simply no match.
    }
    if (expected.startsWith(":")) params[expected.slice(1)] = actual;
    else if (expected !== actual) return null;
  }
  return params;
}
