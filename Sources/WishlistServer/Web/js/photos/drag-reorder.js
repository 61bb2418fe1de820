// Dragging to reorder the tiles of a list (the photo picker's, W8). The pressed tile follows the
// pointer; passing over another tile asks the owner to move it into that place, so the list shows
// the order that dropping would give. The owner keeps the order and draws the list; this only
// reads pointers. The Move buttons remain the way without a pointer.

/** A touch must rest this long before it drags a tile, so a swipe over the tiles still scrolls the page. */
const LONG_PRESS_MS = 350;
/** A mouse must move this far before a press becomes a drag (and not a click). */
const DRAG_THRESHOLD_PX = 6;

export class DragReorder {
  #list;
  #tiles;
  #handle;
  #canStart;
  #onMove;
  #onDrop;
  #drag = null;

  /**
   * `list` holds the tiles (`tiles`, a selector) and a drag starts on a tile's `handle` (a
   * selector; never on a button) when `canStart()`. `onMove(tile, over)`: put `tile` where `over`
   * is and redraw; `onDrop(tile)`: a drag ended with the tile in its new place.
   */
  constructor(list, { tiles, handle, canStart, onMove, onDrop }) {
    this.#list = list;
    this.#tiles = tiles;
    this.#handle = handle;
    this.#canStart = canStart;
    this.#onMove = onMove;
    this.#onDrop = onDrop;
    list.addEventListener("pointerdown", (event) => this.#onPointerDown(event));
  }

  /** Drops any drag without a word (the list is going away). */
  cancel() {
    const drag = this.#drag;
    if (!drag) return;
    clearTimeout(drag.timer);
    drag.release();
    drag.tile.classList.remove("is-dragging");
    drag.tile.style.transform = "";
    this.#drag = null;
  }

  #onPointerDown(event) {
    const handle = event.target.closest(this.#handle);
    if (!handle || event.target.closest("button") || event.button !== 0 || !this.#canStart()) return;
    const tile = handle.closest(this.#tiles);
    const touch = event.pointerType === "touch";
    this.#drag = { tile, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, active: false, timer: null };
    if (touch) this.#drag.timer = setTimeout(() => this.#start(), LONG_PRESS_MS);
    const move = (moveEvent) => this.#onPointerMove(moveEvent);
    const end = () => this.#finish();
    // While dragging by touch the page must not scroll: only a non-passive touchmove can say so.
    const holdScroll = (touchEvent) => {
      if (this.#drag?.active) touchEvent.preventDefault();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
    window.addEventListener("touchmove", holdScroll, { passive: false });
    this.#drag.release = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      window.removeEventListener("touchmove", holdScroll);
    };
  }

  #onPointerMove(event) {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.active) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      // A touch that moves before the long press is a scroll, not a drag.
      if (drag.timer !== null) return this.cancel();
      this.#start();
    }
    drag.x = event.clientX;
    drag.y = event.clientY;
    const over = [...this.#list.querySelectorAll(this.#tiles)].find((tile) => {
      if (tile === drag.tile) return false;
      const box = tile.getBoundingClientRect();
      return event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    });
    if (over) this.#onMove(drag.tile, over);
    this.#followPointer();
  }

  #start() {
    const drag = this.#drag;
    if (!drag) return;
    drag.timer = null;
    drag.active = true;
    drag.x ??= drag.startX;
    drag.y ??= drag.startY;
    const box = drag.tile.getBoundingClientRect();
    drag.offsetX = drag.startX - box.left;
    drag.offsetY = drag.startY - box.top;
    drag.tile.classList.add("is-dragging");
  }

  /** Places the dragged tile under the pointer, measured from where the list has put it now. */
  #followPointer() {
    const drag = this.#drag;
    drag.tile.style.transform = "";
    const box = drag.tile.getBoundingClientRect();
    drag.tile.style.transform = `translate(${drag.x - drag.offsetX - box.left}px, ${drag.y - drag.offsetY - box.top}px)`;
  }

  #finish() {
    const drag = this.#drag;
    if (!drag) return;
    this.cancel();
    if (drag.active) this.#onDrop(drag.tile);
  }
}
