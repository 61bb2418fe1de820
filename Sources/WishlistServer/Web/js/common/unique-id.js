// Ids for elements that label or control one another (aria-controls, aria-labelledby), unique in the page.

let last = 0;

/** A new id that starts with `prefix`, e.g. "confirm-3". */
export function uniqueId(prefix) {
  last += 1;
  return `${prefix}-${last}`;
}
