// Whether the person asked their system for less motion. Whatever moves on its own — GIFs in
// Discover, animated photos — shows a still instead, with a control to play it, and follows the
// setting as it changes (listen for "change").

export const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
