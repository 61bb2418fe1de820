// Buttons that say what they do: `<button data-action="save">` in a component's markup, and one
// listener on the component that calls its handler for "save". Markup and behaviour then read
// side by side, controls drawn later (a list's rows) need no wiring of their own, and nothing
// must be found with querySelector first.

/** Components with bound actions: a click inside a nested one is that one's, not its parent's. */
const roots = new WeakSet();

/**
 * Calls `handlers[name](element, event)` when an element with `data-action="name"` inside `root`
 * is clicked (or activated by keyboard, which clicks a button). Actions without a handler are
 * left to whoever else listens.
 */
export function bindActions(root, handlers) {
  roots.add(root);
  root.addEventListener("click", (event) => {
    const element = event.target.closest("[data-action]");
    if (!element || !root.contains(element) || ownerOf(element, root) !== root) return;
    const handler = handlers[element.dataset.action];
    if (handler) handler(element, event);
  });
}

/** The nearest component with bound actions around `element`, up to `root`. */
function ownerOf(element, root) {
  for (let node = element; node && node !== root; node = node.parentElement) {
    if (roots.has(node)) return node;
  }
  return root;
}
