// A search field that searches while someone types (G1): after a short pause, or at once on
// Enter. Enter, and scrolling the page by touch, put the on-screen keyboard away, so the results
// are not hidden behind it.

/** The pause after the last keystroke before a search starts. */
const PAUSE_MS = 300;

/**
 * Calls `onSearch(text)` for `input` as described above; returns the function that stops it
 * (a search still waiting for its pause is dropped).
 */
export function searchAsYouType(input, onSearch) {
  let timer = null;
  const stop = new AbortController();
  const { signal } = stop;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => onSearch(input.value), PAUSE_MS);
  }, { signal });
  input.addEventListener("keydown", (event) => {
    // Enter that ends a Korean (IME) composition is not a search yet.
    if (event.key !== "Enter" || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    clearTimeout(timer);
    input.blur();
    onSearch(input.value);
  }, { signal });
  const closeKeyboard = () => {
    if (document.activeElement === input) input.blur();
  };
  addEventListener("touchmove", closeKeyboard, { passive: true, signal });
  return () => {
    clearTimeout(timer);
    stop.abort();
  };
}
