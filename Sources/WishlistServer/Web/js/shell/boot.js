// A classic script, so it runs even where modules fail: when a script of the app cannot load,
// show the last-resort message instead of a blank page (no inline handlers: the CSP forbids them).
// Scripts loaded on demand (the map's) say so and report their own failure where they are needed.
window.addEventListener(
  "error",
  (event) => {
    if (event.target instanceof HTMLScriptElement && !("onDemand" in event.target.dataset)) {
      document.getElementById("boot-failure").hidden = false;
    }
  },
  true,
);
