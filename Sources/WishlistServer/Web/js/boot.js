// A classic script, so it runs even where modules fail: when a script of the app cannot load,
// show the last-resort message instead of a blank page (no inline handlers: the CSP forbids them).
window.addEventListener(
  "error",
  (event) => {
    if (event.target instanceof HTMLScriptElement) {
      document.getElementById("boot-failure").hidden = false;
    }
  },
  true,
);
