// Full-screen layers (the photo viewer and editor, sheets, dialogs) as history entries, so that
// Back closes the layer on top instead of leaving it open over another screen. Opening one pushes
// an entry for the same address, marked with how many layers are open there; Back (popstate)
// closes the layers above the entry it lands on; closing one any other way (its button, Escape,
// a form's answer) goes back over its entry, so the history stays as if it had never been opened.
// Forward onto a layer's entry reopens it when its opener said how (a photo, a GIF), and skips the
// entry otherwise (a question already answered, an edit already dropped). A link inside a layer is
// followed once the layer's entry is gone, so Back from there returns to the screen, not to the layer.

/** Layers open now, bottom first: `{dialog, level, key, done}`. */
const open = [];
/** Layers closed by their own button, waiting for the Back that removes their entry. */
const leaving = [];
/** How to reopen a layer whose entry Forward may land on, by key; forgotten when the screen changes. */
const reopeners = new Map();
/** Set while a layer is being reopened on its own entry, which it then takes instead of pushing one. */
let resuming = null;
let nextKey = 0;
const keyPrefix = Math.round(performance.timeOrigin).toString(36);

/** The number of layers the current history entry was made for. */
function entryLevel() {
  return history.state?.wlOverlay?.level ?? 0;
}

/**
 * Shows `dialog` (a `<dialog>`, modal) as a layer with its own history entry. Resolves once it is
 * closed, whichever way, and its entry is gone: what the opener does next (go to another screen)
 * happens on the screen's own entry. `reopen`: a function that opens the same layer again, called
 * when Forward returns to its entry (it must call `showOverlay` at once).
 */
export function showOverlay(dialog, { reopen = null } = {}) {
  const level = open.length + 1;
  let key;
  if (resuming && resuming.level === level) {
    key = resuming.key;
    resuming = null;
  } else {
    nextKey += 1;
    key = `${keyPrefix}-${nextKey}`;
    history.pushState({ ...history.state, wlOverlay: { level, key } }, "");
  }
  if (reopen) reopeners.set(key, reopen);
  return new Promise((resolve) => {
    const layer = { dialog, level, key, byHistory: false, leadsTo: null, done: resolve };
    open.push(layer);
    dialog.addEventListener("close", () => closed(layer), { once: true });
    // A link in the layer leads on only after the layer's entry is gone.
    dialog.addEventListener("click", (event) => {
      const link = event.target.closest?.('a[href^="#/"]');
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      const path = link.getAttribute("href");
      layer.leadsTo = () => {
        location.hash = path;
      };
      dialog.close();
    });
    dialog.showModal();
  });
}

/** The dialog closed: by Back (its entry is already gone), or by itself (go back over its entry). */
function closed(layer) {
  const index = open.indexOf(layer);
  if (index >= 0) open.splice(index, 1);
  if (layer.byHistory || entryLevel() < layer.level) {
    finish(layer);
    return;
  }
  leaving.push(layer);
  history.back();
}

function finish(layer) {
  layer.done();
  layer.leadsTo?.();
}

addEventListener("popstate", () => {
  const level = entryLevel();
  for (const layer of leaving.filter((waiting) => waiting.level > level)) {
    leaving.splice(leaving.indexOf(layer), 1);
    finish(layer);
  }
  // Back: every layer above this entry closes, the top one first.
  while (open.length > level) {
    const layer = open.at(-1);
    layer.byHistory = true;
    open.pop();
    layer.dialog.close();
  }
  if (level <= open.length) return;
  // An entry above what is open: Forward onto a layer closed by Back, or Back onto the entry of a
  // layer left by a link. Reopened where its opener said how, passed over otherwise.
  const { key } = history.state.wlOverlay;
  const reopen = level === open.length + 1 ? reopeners.get(key) : null;
  if (reopen) {
    resuming = { key, level };
    reopen();
    resuming = null;
  }
  if (open.length < level) history.back();
});

// Another screen: its layers' entries cannot come back to life.
addEventListener("hashchange", () => {
  reopeners.clear();
  // A layer still open was left by an address typed or a link from outside it.
  for (const layer of [...open].reverse()) {
    layer.byHistory = true;
    open.pop();
    layer.dialog.close();
  }
});

// A reload lands on a layer's entry with no layer: it is the screen's own entry now.
if (history.state?.wlOverlay) {
  const { wlOverlay: _, ...state } = history.state;
  history.replaceState(state, "");
}
