// The arithmetic of the photo editor's crop frame and the viewer's zoom, kept
// apart from the DOM so it can be checked on its own. Rectangles are
// `{x, y, width, height}`; sizes `{width, height}`.

/** The size of `size` turned by `rotate` degrees. */
export function turnedSize(size, rotate) {
  return rotate % 180 === 0 ? { ...size } : { width: size.height, height: size.width };
}

/**
 * Turns a frame drawn on `canvas` together with the canvas, a quarter turn
 * clockwise (`direction` 1) or anticlockwise (-1). Returns `{frame, canvas}`.
 */
export function turnFrame(frame, canvas, direction) {
  const turned = { width: canvas.height, height: canvas.width };
  const moved =
    direction > 0
      ? { x: canvas.height - frame.y - frame.height, y: frame.x }
      : { x: frame.y, y: canvas.width - frame.x - frame.width };
  return { frame: { ...moved, width: frame.height, height: frame.width }, canvas: turned };
}

/**
 * The crop, in the upright original's pixels, that a frame selects. The canvas
 * it is drawn on shows `source` (a part of the original, in its pixels) turned
 * clockwise by `rotate`; the frame is in those same pixels. Null when the crop
 * would be the whole original (`original` is its size).
 */
export function cropFromFrame(frame, source, rotate, original) {
  const back = (u, v) => {
    switch (rotate) {
      case 90:
        return [v, source.height - u];
      case 180:
        return [source.width - u, source.height - v];
      case 270:
        return [source.width - v, u];
      default:
        return [u, v];
    }
  };
  const [p1, q1] = back(frame.x, frame.y);
  const [p2, q2] = back(frame.x + frame.width, frame.y + frame.height);
  const left = clamp(Math.round(source.x + Math.min(p1, p2)), 0, original.width - 1);
  const top = clamp(Math.round(source.y + Math.min(q1, q2)), 0, original.height - 1);
  const right = clamp(Math.round(source.x + Math.max(p1, p2)), left + 1, original.width);
  const bottom = clamp(Math.round(source.y + Math.max(q1, q2)), top + 1, original.height);
  if (left === 0 && top === 0 && right === original.width && bottom === original.height) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The frame moved by (dx, dy), kept inside the canvas. */
export function moveFrame(frame, dx, dy, canvas) {
  return {
    ...frame,
    x: clamp(frame.x + dx, 0, canvas.width - frame.width),
    y: clamp(frame.y + dy, 0, canvas.height - frame.height),
  };
}

/**
 * The frame with one corner ("nw", "ne", "sw", "se") dragged by (dx, dy) while
 * the opposite corner stays put; at least `minimum` on a side, inside the
 * canvas, and square when `square`.
 */
export function resizeFrame(frame, corner, dx, dy, canvas, { square = false, minimum = 1 } = {}) {
  const sx = corner.includes("e") ? 1 : -1;
  const sy = corner.includes("s") ? 1 : -1;
  const anchorX = sx > 0 ? frame.x : frame.x + frame.width;
  const anchorY = sy > 0 ? frame.y : frame.y + frame.height;
  const roomX = sx > 0 ? canvas.width - anchorX : anchorX;
  const roomY = sy > 0 ? canvas.height - anchorY : anchorY;
  let width = clamp(frame.width + sx * dx, minimum, roomX);
  let height = clamp(frame.height + sy * dy, minimum, roomY);
  if (square) {
    width = Math.max(minimum, Math.min(Math.max(width, height), roomX, roomY));
    height = width;
  }
  return { x: sx > 0 ? anchorX : anchorX - width, y: sy > 0 ? anchorY : anchorY - height, width, height };
}

/** The largest square inside the frame, centred on it. */
export function squareFrame(frame) {
  const side = Math.min(frame.width, frame.height);
  return { x: frame.x + (frame.width - side) / 2, y: frame.y + (frame.height - side) / 2, width: side, height: side };
}

/**
 * The pan offset (of the image's centre from the stage's centre) allowed for
 * an image of `base` size shown `scale` times larger on a `stage`: it stops at
 * the image's edges, and an image smaller than the stage stays centred.
 */
export function clampPan(offset, scale, base, stage) {
  const limit = (image, room) => Math.max(0, (image * scale - room) / 2);
  const x = limit(base.width, stage.width);
  const y = limit(base.height, stage.height);
  return { x: clamp(offset.x, -x, x), y: clamp(offset.y, -y, y) };
}

/**
 * The offset that keeps the point `at` (relative to the stage's centre) over
 * the same spot of the image while the scale goes from `from` to `to`.
 */
export function zoomOffset(offset, from, to, at) {
  const ratio = to / from;
  return { x: at.x - (at.x - offset.x) * ratio, y: at.y - (at.y - offset.y) * ratio };
}

/** The size of `natural` shrunk (never enlarged) to fit inside `box`, aspect kept. */
export function fitSize(natural, box) {
  const ratio = Math.min(box.width / natural.width, box.height / natural.height, 1);
  return { width: natural.width * ratio, height: natural.height * ratio };
}

function clamp(value, low, high) {
  return Math.min(Math.max(value, low), high);
}
