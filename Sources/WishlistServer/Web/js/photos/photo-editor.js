// Crop and rotate one photo (W8). The server keeps the original and applies an
// edit `{crop, rotate}` measured in the upright original's pixels. The editor
// only chooses it: Done answers the edit, Reset answers none (back to the
// original), Cancel, Escape and Back answer nothing; the record's editor sends it
// with the record's Save (photo-picker.js), so a cancelled record edit leaves
// the photo as it was.
//
// What the editor shows: the photo's `large` rendition as it is now. With no
// edit that is the whole upright original; with one it is the current crop
// turned by the current rotation. Either way it is a known part of the original
// (`source`) turned by a known angle, so a frame drawn on it maps exactly back
// into original pixels (photo-geometry.js `cropFromFrame`) without loading the
// original file (which may be 40 MB, or HEIC that a browser cannot draw). To
// crop wider than an earlier crop, Reset first: it returns to the whole photo.
// An animated photo's edit is a still of its first frame (the server says so
// with `animated: false`); the editor says so before it is made.

import { PHOTO } from "../common/record-kinds.js";
import { bindActions } from "../common/actions.js";
import { i18n } from "../shell/i18n.js";
import { showOverlay } from "../common/overlay-history.js";
import {
  cropFromFrame,
  moveFrame,
  resizeFrame,
  squareFrame,
  turnedSize,
  turnFrame,
} from "./photo-geometry.js";
import { store } from "../common/store.js";
import { icon } from "../common/icons.js";

/** Smallest frame side on screen, so its corners stay apart under a finger. */
const MINIMUM_FRAME_PX = 48;
/** An arrow key moves or resizes the frame by this share of the picture (ten times with Shift). */
const KEY_STEP = 0.01;
const CORNERS = ["nw", "ne", "sw", "se"];

let nextId = 0;

/**
 * `PhotoEditor.open(photoId)` resolves with the edit chosen, `{edit: {crop, rotate}}`, or
 * `{edit: null}` for Reset, or null when nothing changed or the editor was closed.
 */
export class PhotoEditor extends HTMLElement {
  #photo = null;
  #source = null;
  #baseRotate = 0;
  #rotate = 0;
  #canvas = null;
  #frame = null;
  #square = false;
  #scale = 1;
  #gesture = null;
  #answer = null;
  #resizeObserver = null;

  static open(photoId) {
    const element = document.createElement("wl-photo-editor");
    document.body.append(element);
    return element.#open(store.get(PHOTO, photoId));
  }

  disconnectedCallback() {
    this.#resizeObserver?.disconnect();
  }

  #open(photo) {
    this.#photo = photo;
    const original = { width: photo.originalWidth ?? photo.width, height: photo.originalHeight ?? photo.height };
    this.#source = photo.edit?.crop ?? { x: 0, y: 0, ...original };
    this.#baseRotate = photo.edit?.rotate ?? 0;
    this.#rotate = this.#baseRotate;
    this.#canvas = turnedSize(this.#source, this.#rotate);
    this.#frame = { x: 0, y: 0, ...this.#canvas };
    this.#build();
    const closed = showOverlay(this.querySelector("dialog")).then(() => {
      this.remove();
      return this.#answer;
    });
    this.#resizeObserver = new ResizeObserver(() => this.#layout());
    this.#resizeObserver.observe(this.querySelector(".photo-editor-stage"));
    return closed;
  }

  #build() {
    nextId += 1;
    const id = `photo-editor-${nextId}`;
    const animated = this.#photo.animated;
    this.innerHTML = `
      <dialog class="photo-editor" aria-labelledby="${id}-title">
        <div class="photo-editor-bar">
          <button type="button" class="button button-quiet" data-action="cancel" data-i18n="photos.editor.cancel"></button>
          <h2 class="photo-editor-title" id="${id}-title" data-i18n="photos.editor.title"></h2>
          <button type="button" class="button button-primary" data-action="done" data-i18n="photos.editor.done"></button>
        </div>
        <div class="photo-editor-stage">
          <div class="photo-editor-canvas">
            <img class="photo-editor-image" alt="" draggable="false">
            <div class="crop-frame" tabindex="0" role="group" data-i18n-attr="aria-label:photos.editor.frame"
              aria-describedby="${id}-hint${animated ? ` ${id}-animation` : ""}">
              ${CORNERS.map((corner) => `<span class="crop-handle" data-corner="${corner}"></span>`).join("")}
            </div>
          </div>
        </div>
        <p class="photo-editor-hint" id="${id}-hint" data-i18n="photos.editor.hint"></p>
        ${animated ? `<p class="photo-editor-hint photo-editor-animation" id="${id}-animation" data-i18n="photos.editor.animation"></p>` : ""}
        <div class="photo-editor-tools">
          <div class="segmented photo-editor-aspect" role="radiogroup" data-i18n-attr="aria-label:photos.editor.aspect">
            <label class="segmented-option"><input type="radio" name="${id}-aspect" value="free" checked><span data-i18n="photos.editor.free"></span></label>
            <label class="segmented-option"><input type="radio" name="${id}-aspect" value="square"><span data-i18n="photos.editor.square"></span></label>
          </div>
          <div class="photo-editor-turns">
            <button type="button" class="icon-button" data-action="rotate-left"
              data-i18n-attr="aria-label:photos.editor.rotateLeft;title:photos.editor.rotateLeft">${icon("rotateLeft")}</button>
            <button type="button" class="icon-button" data-action="rotate-right"
              data-i18n-attr="aria-label:photos.editor.rotateRight;title:photos.editor.rotateRight">${icon("rotateRight")}</button>
          </div>
          <button type="button" class="button button-quiet" data-action="reset" data-i18n="photos.editor.reset"></button>
        </div>
      </dialog>`;
    i18n.localize(this);
    const image = this.querySelector("img");
    image.src = this.#photo.urls.large;
    this.querySelector('[data-action="reset"]').hidden = !this.#photo.edit;
    bindActions(this, {
      cancel: () => this.querySelector("dialog").close(),
      done: () => this.#apply(),
      reset: () => this.#finish({ edit: null }),
      "rotate-left": () => this.#turn(-1),
      "rotate-right": () => this.#turn(1),
    });
    for (const radio of this.querySelectorAll('input[type="radio"]')) {
      radio.addEventListener("change", () => this.#setSquare(radio.value === "square"));
    }
    const frame = this.querySelector(".crop-frame");
    frame.addEventListener("pointerdown", (event) => this.#onPointerDown(event));
    frame.addEventListener("pointermove", (event) => this.#onPointerMove(event));
    const endGesture = () => {
      this.#gesture = null;
    };
    frame.addEventListener("pointerup", endGesture);
    frame.addEventListener("pointercancel", endGesture);
    frame.addEventListener("keydown", (event) => this.#onKeyDown(event));
  }

  /** Fits the picture into the stage and draws the image and frame at that scale. */
  #layout() {
    const stage = this.querySelector(".photo-editor-stage");
    const room = { width: stage.clientWidth, height: stage.clientHeight };
    if (room.width === 0 || room.height === 0) return;
    this.#scale = Math.min(room.width / this.#canvas.width, room.height / this.#canvas.height);
    const canvas = this.querySelector(".photo-editor-canvas");
    canvas.style.width = `${this.#canvas.width * this.#scale}px`;
    canvas.style.height = `${this.#canvas.height * this.#scale}px`;

    // The image shows the source turned by the photo's current rotation; turn it on by the difference.
    const shown = turnedSize(this.#source, this.#baseRotate);
    const image = this.querySelector("img");
    image.style.width = `${shown.width * this.#scale}px`;
    image.style.height = `${shown.height * this.#scale}px`;
    image.style.transform = `translate(-50%, -50%) rotate(${this.#rotate - this.#baseRotate}deg)`;
    this.#drawFrame();
  }

  #drawFrame() {
    const frame = this.querySelector(".crop-frame");
    const scale = this.#scale;
    frame.style.left = `${this.#frame.x * scale}px`;
    frame.style.top = `${this.#frame.y * scale}px`;
    frame.style.width = `${this.#frame.width * scale}px`;
    frame.style.height = `${this.#frame.height * scale}px`;
  }

  /** Smallest frame side in canvas pixels, never more than the canvas allows. */
  #minimum() {
    return Math.min(MINIMUM_FRAME_PX / this.#scale, this.#canvas.width, this.#canvas.height);
  }

  #turn(direction) {
    const turned = turnFrame(this.#frame, this.#canvas, direction);
    this.#frame = turned.frame;
    this.#canvas = turned.canvas;
    this.#rotate = (this.#rotate + direction * 90 + 360) % 360;
    this.#layout();
  }

  #setSquare(square) {
    this.#square = square;
    if (square) this.#frame = squareFrame(this.#frame);
    this.#drawFrame();
  }

  #onPointerDown(event) {
    if (event.button !== 0) return;
    event.preventDefault();
    const frame = event.currentTarget;
    frame.setPointerCapture(event.pointerId);
    frame.focus({ preventScroll: true });
    this.#gesture = {
      pointerId: event.pointerId,
      corner: event.target.closest(".crop-handle")?.dataset.corner ?? null,
      startX: event.clientX,
      startY: event.clientY,
      startFrame: { ...this.#frame },
    };
  }

  #onPointerMove(event) {
    const gesture = this.#gesture;
    if (!gesture || gesture.pointerId !== event.pointerId) return;
    const dx = (event.clientX - gesture.startX) / this.#scale;
    const dy = (event.clientY - gesture.startY) / this.#scale;
    this.#frame = gesture.corner
      ? resizeFrame(gesture.startFrame, gesture.corner, dx, dy, this.#canvas, { square: this.#square, minimum: this.#minimum() })
      : moveFrame(gesture.startFrame, dx, dy, this.#canvas);
    this.#drawFrame();
  }

  /** Arrows move the frame; with Shift they resize it from its bottom-right corner. */
  #onKeyDown(event) {
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const arrow = arrows[event.key];
    if (!arrow) return;
    event.preventDefault();
    const step = Math.max(this.#canvas.width, this.#canvas.height) * KEY_STEP * (event.altKey ? 10 : 1);
    const [dx, dy] = [arrow[0] * step, arrow[1] * step];
    this.#frame = event.shiftKey
      ? resizeFrame(this.#frame, "se", dx, dy, this.#canvas, { square: this.#square, minimum: this.#minimum() })
      : moveFrame(this.#frame, dx, dy, this.#canvas);
    this.#drawFrame();
  }

  #apply() {
    const original = { width: this.#photo.originalWidth ?? this.#photo.width, height: this.#photo.originalHeight ?? this.#photo.height };
    const crop = cropFromFrame(this.#frame, this.#source, this.#rotate, original);
    const before = this.#photo.edit ?? { crop: null, rotate: 0 };
    const unchanged = this.#rotate === before.rotate && sameCrop(crop, before.crop);
    this.#finish(unchanged ? null : { edit: { crop, rotate: this.#rotate } });
  }

  #finish(answer) {
    this.#answer = answer;
    this.querySelector("dialog").close();
  }
}

function sameCrop(a, b) {
  if (!a || !b) return a === b;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

customElements.define("wl-photo-editor", PhotoEditor);
