// The full-screen photo viewer (P2–P4, W12): opens at the tapped photo; swipe,
// arrow keys or the buttons move between photos; pinch, double-tap, the wheel
// or the zoom buttons zoom up to 6×. Panning stops at the image's edges and an
// image smaller than the screen stays centred (photo-geometry.js `clampPan`);
// moving to another photo resets the zoom. "Original size" shows the photo as
// edited at full resolution (the server's `full`, or the original file when it
// has no edit) at one image pixel per screen pixel (as far as 6× allows);
// an edited photo also offers "Before editing", its original as uploaded. An animated
// photo (a GIF saved as a wish, G10) plays: its original is shown, the still
// rendition standing in while it loads, and Pause stops it; people who prefer
// reduced motion see the still with Play. A native modal <dialog> traps focus
// and closes on Escape and Back; Forward reopens it at the photo it showed
// (overlay-history.js).

import { i18n } from "../shell/i18n.js";
import { icon } from "../common/icons.js";
import { reducedMotion } from "../shell/motion.js";
import { showPhoto } from "./photo-service.js";
import { showOverlay } from "../common/overlay-history.js";
import { clampPan, fitSize, zoomOffset } from "./photo-geometry.js";

const MAX_SCALE = 6;
const DOUBLE_TAP_SCALE = 2.5;
const BUTTON_ZOOM_STEP = 1.6;
/** Two taps this close in time and place are a double-tap. */
const DOUBLE_TAP_MS = 300;
const TAP_SLOP_PX = 10;
/** A swipe this share of the screen wide (or a quick flick) turns the page. */
const SWIPE_SHARE = 0.18;
const FLICK_PX_PER_MS = 0.5;

/** `PhotoViewer.open(photos, index)` shows the photos from `index`; resolves with the index shown last. */
export class PhotoViewer extends HTMLElement {
  #photos = [];
  #index = 0;
  #scale = 1;
  #offset = { x: 0, y: 0 };
  /** What is shown at one image pixel per screen pixel: null (fitted renditions), "full" or "unedited". */
  #shows = null;
  /** Whether the current photo, when animated, plays; each photo starts as reduced motion says. */
  #playing = !reducedMotion.matches;
  #pointers = new Map();
  #gesture = null;
  #lastTap = null;
  #resizeObserver = new ResizeObserver(() => this.#fitAgain());

  static open(photos, index) {
    const element = document.createElement("wl-photo-viewer");
    document.body.append(element);
    return element.#open(photos, index);
  }

  #open(photos, index) {
    this.#photos = photos;
    this.#build();
    const dialog = this.querySelector("dialog");
    const closed = showOverlay(dialog, { reopen: () => PhotoViewer.open(photos, this.#index) }).then(() => {
      this.#resizeObserver.disconnect();
      this.remove();
      return this.#index;
    });
    this.#go(index, { instant: true });
    this.#resizeObserver.observe(this.querySelector(".photo-viewer-stage"));
    return closed;
  }

  #build() {
    this.innerHTML = `
      <dialog class="photo-viewer" data-i18n-attr="aria-label:photos.viewer">
        <div class="photo-viewer-stage">
          <div class="photo-viewer-track">
            ${this.#photos.map(() => `<div class="photo-viewer-slide"><img class="photo-viewer-image" alt="" draggable="false"></div>`).join("")}
          </div>
        </div>
        <div class="photo-viewer-top">
          <p class="photo-viewer-count" aria-live="polite"></p>
          <button type="button" class="photo-viewer-button photo-viewer-play" data-action="play" aria-pressed="false" hidden></button>
          <button type="button" class="photo-viewer-button photo-viewer-unedited" data-action="unedited" aria-pressed="false"
            data-i18n-attr="aria-label:photos.uneditedNamed" hidden>${icon("photo")}<span data-i18n="photos.unedited"></span></button>
          <button type="button" class="photo-viewer-button" data-action="close"
            data-i18n-attr="aria-label:photos.close;title:photos.close">${icon("close")}</button>
        </div>
        <div class="photo-viewer-controls">
          <button type="button" class="photo-viewer-button" data-action="previous"
            data-i18n-attr="aria-label:photos.previous;title:photos.previous">${icon("chevronLeft")}</button>
          <button type="button" class="photo-viewer-button" data-action="zoom-out"
            data-i18n-attr="aria-label:photos.zoomOut;title:photos.zoomOut">${icon("zoomOut")}</button>
          <button type="button" class="photo-viewer-button photo-viewer-original" data-action="original" aria-pressed="false"
            data-i18n="photos.originalSize"></button>
          <button type="button" class="photo-viewer-button" data-action="zoom-in"
            data-i18n-attr="aria-label:photos.zoomIn;title:photos.zoomIn">${icon("zoomIn")}</button>
          <button type="button" class="photo-viewer-button" data-action="next"
            data-i18n-attr="aria-label:photos.next;title:photos.next">${icon("chevronRight")}</button>
        </div>
      </dialog>`;
    i18n.localize(this);
    const actions = {
      close: () => this.querySelector("dialog").close(),
      previous: () => this.#go(this.#index - 1),
      next: () => this.#go(this.#index + 1),
      "zoom-in": () => this.#zoomTo(this.#scale * BUTTON_ZOOM_STEP),
      "zoom-out": () => this.#zoomTo(this.#scale / BUTTON_ZOOM_STEP),
      original: () => this.#toggleShown("full"),
      unedited: () => this.#toggleShown("unedited"),
      play: () => this.#togglePlaying(),
    };
    for (const button of this.querySelectorAll("button[data-action]")) {
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") !== "true") actions[button.dataset.action]();
      });
    }
    const stage = this.querySelector(".photo-viewer-stage");
    stage.addEventListener("pointerdown", (event) => this.#onPointerDown(event));
    stage.addEventListener("pointermove", (event) => this.#onPointerMove(event));
    stage.addEventListener("pointerup", (event) => this.#onPointerUp(event));
    stage.addEventListener("pointercancel", (event) => this.#onPointerUp(event, { cancelled: true }));
    stage.addEventListener("wheel", (event) => this.#onWheel(event), { passive: false });
    this.querySelector("dialog").addEventListener("keydown", (event) => this.#onKeyDown(event));
    for (const image of this.querySelectorAll("img")) {
      // A full-size picture the browser cannot draw or the server cannot make falls back to the large rendition.
      image.addEventListener("error", () => {
        const photo = this.#photos[[...this.querySelectorAll("img")].indexOf(image)];
        if ([photo.urls.original, photo.urls.full].includes(image.getAttribute("src"))) {
          image.src = photo.urls.large;
          this.#shows = null;
          this.#render();
        }
      });
    }
  }

  #stageSize() {
    const stage = this.querySelector(".photo-viewer-stage");
    return { width: stage.clientWidth, height: stage.clientHeight };
  }

  /** The size of what photo `index` shows: as edited, or its upright original before editing. */
  #imageSize(index) {
    const photo = this.#photos[index];
    if (index === this.#index && this.#shows === "unedited") {
      return { width: photo.originalWidth ?? photo.width, height: photo.originalHeight ?? photo.height };
    }
    return { width: photo.width, height: photo.height };
  }

  /** The current photo's size when the zoom is 1: fitted into the screen, never enlarged. */
  #baseSize(index = this.#index) {
    return fitSize(this.#imageSize(index), this.#stageSize());
  }

  /** Moves to photo `index` (clamped), resetting the zoom (P4). */
  #go(index, { instant = false } = {}) {
    this.#index = Math.min(Math.max(index, 0), this.#photos.length - 1);
    this.#scale = 1;
    this.#offset = { x: 0, y: 0 };
    this.#shows = null;
    this.#playing = !reducedMotion.matches;
    this.#loadAround();
    this.#setTrack(0, { animate: !instant });
    this.#render();
  }

  /**
   * Images load for the photo shown and its neighbours only; an animated one plays when it is
   * the one shown (and not paused). Leaving "Original size" puts the renditions back.
   */
  #loadAround() {
    this.querySelectorAll("img").forEach((image, index) => {
      if (Math.abs(index - this.#index) > 1) return;
      showPhoto(image, this.#photos[index], { sizes: "100vw", animate: index === this.#index && this.#playing });
    });
  }

  #setTrack(dragPx, { animate }) {
    const track = this.querySelector(".photo-viewer-track");
    track.classList.toggle("is-animating", animate);
    track.style.transform = `translateX(calc(${-this.#index * 100}% + ${dragPx}px))`;
  }

  /** Draws the zoom and pan of every image (the others at rest) and the controls' state. */
  #render() {
    this.querySelectorAll("img").forEach((image, index) => {
      const base = this.#baseSize(index);
      image.style.width = `${base.width}px`;
      image.style.height = `${base.height}px`;
      const current = index === this.#index;
      const scale = current ? this.#scale : 1;
      const offset = current ? this.#offset : { x: 0, y: 0 };
      image.style.transform = `translate(-50%, -50%) translate(${offset.x}px, ${offset.y}px) scale(${scale})`;
    });
    const total = this.#photos.length;
    const count = this.querySelector(".photo-viewer-count");
    count.dataset.i18n = "photos.position";
    count.dataset.i18nArgs = JSON.stringify({ number: this.#index + 1, total });
    i18n.localize(count);
    const disable = (action, disabled) =>
      this.querySelector(`[data-action="${action}"]`).setAttribute("aria-disabled", String(disabled));
    disable("previous", this.#index === 0);
    disable("next", this.#index === total - 1);
    disable("zoom-in", this.#scale >= MAX_SCALE);
    disable("zoom-out", this.#scale <= 1);
    for (const action of ["previous", "next"]) this.querySelector(`[data-action="${action}"]`).hidden = total < 2;
    const photo = this.#photos[this.#index];
    this.querySelector('[data-action="original"]').setAttribute("aria-pressed", String(this.#shows === "full"));
    const unedited = this.querySelector('[data-action="unedited"]');
    unedited.hidden = !photo.edit;
    unedited.setAttribute("aria-pressed", String(this.#shows === "unedited"));
    const play = this.querySelector('[data-action="play"]');
    play.hidden = !photo.animated;
    if (play.getAttribute("aria-pressed") !== String(this.#playing) || !play.firstChild) {
      play.setAttribute("aria-pressed", String(this.#playing));
      play.innerHTML = `${icon(this.#playing ? "pause" : "play")}<span data-i18n="${this.#playing ? "photos.pause" : "photos.play"}"></span>`;
      i18n.localize(play);
    }
    this.querySelector("dialog").classList.toggle("is-zoomed", this.#scale > 1);
  }

  /** A turned phone or a resized window: the photo fits the new screen, its pan kept within its edges. */
  #fitAgain() {
    this.#offset = clampPan(this.#offset, this.#scale, this.#baseSize(), this.#stageSize());
    this.#setTrack(0, { animate: false });
    this.#render();
  }

  /** Zooms to `scale` (1…6) keeping the point `at` (from the stage's centre) in place. */
  #zoomTo(scale, at = { x: 0, y: 0 }, from = { scale: this.#scale, offset: this.#offset }) {
    const next = Math.min(Math.max(scale, 1), MAX_SCALE);
    const offset = zoomOffset(from.offset, from.scale, next, at);
    this.#scale = next;
    this.#offset = clampPan(offset, next, this.#baseSize(), this.#stageSize());
    this.#render();
  }

  /**
   * Shows the photo as edited at full resolution ("full") or its original before editing
   * ("unedited") at one image pixel per screen pixel; pressed again, back to the fitted view.
   */
  #toggleShown(what) {
    if (this.#shows === what) {
      this.#go(this.#index, { instant: true });
      return;
    }
    const image = this.querySelectorAll("img")[this.#index];
    const photo = this.#photos[this.#index];
    this.#shows = what;
    this.#scale = 1;
    this.#offset = { x: 0, y: 0 };
    image.removeAttribute("srcset");
    image.removeAttribute("sizes");
    image.dataset.shows = what;
    if (what === "unedited") image.src = photo.urls.original;
    // An unedited photo's original is itself (an animation keeps moving); a paused one's large rendition is the same size, still.
    else if (photo.edit) image.src = photo.urls.full;
    else image.src = photo.animated && !this.#playing ? photo.urls.large : photo.urls.original;
    this.#render();
    this.#zoomTo(this.#imageSize(this.#index).width / devicePixelRatio / this.#baseSize().width);
  }

  /** Plays or pauses the current animated photo, keeping the zoom; "Original size" ends. */
  #togglePlaying() {
    this.#playing = !this.#playing;
    this.#shows = null;
    this.#loadAround();
    this.#render();
  }

  #onKeyDown(event) {
    const keys = {
      ArrowLeft: () => this.#go(this.#index - 1),
      ArrowRight: () => this.#go(this.#index + 1),
      "+": () => this.#zoomTo(this.#scale * BUTTON_ZOOM_STEP),
      "=": () => this.#zoomTo(this.#scale * BUTTON_ZOOM_STEP),
      "-": () => this.#zoomTo(this.#scale / BUTTON_ZOOM_STEP),
      0: () => this.#zoomTo(1),
    };
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  }

  #onWheel(event) {
    event.preventDefault();
    this.#zoomTo(this.#scale * Math.exp(-event.deltaY * 0.002), this.#fromCentre(event));
  }

  /** A pointer's position relative to the stage's centre. */
  #fromCentre(point) {
    const box = this.querySelector(".photo-viewer-stage").getBoundingClientRect();
    return { x: point.clientX - box.left - box.width / 2, y: point.clientY - box.top - box.height / 2 };
  }

  #onPointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    this.#pointers.set(event.pointerId, { clientX: event.clientX, clientY: event.clientY });
    this.#beginGesture(event.timeStamp);
  }

  /** (Re)starts the gesture from where things are now, whenever a finger lands or lifts. */
  #beginGesture(time) {
    const points = [...this.#pointers.values()];
    if (points.length === 0) {
      this.#gesture = null;
      return;
    }
    const centre = midpoint(points);
    this.#gesture = {
      kind: points.length > 1 ? "pinch" : this.#scale > 1 ? "pan" : "swipe",
      start: centre,
      startAt: this.#fromCentre(centre),
      distance: points.length > 1 ? spread(points) : 0,
      scale: this.#scale,
      offset: { ...this.#offset },
      time,
      moved: false,
    };
  }

  #onPointerMove(event) {
    if (!this.#pointers.has(event.pointerId)) return;
    this.#pointers.set(event.pointerId, { clientX: event.clientX, clientY: event.clientY });
    const gesture = this.#gesture;
    if (!gesture) return;
    const points = [...this.#pointers.values()];
    const centre = midpoint(points);
    const dx = centre.clientX - gesture.start.clientX;
    const dy = centre.clientY - gesture.start.clientY;
    if (Math.hypot(dx, dy) > TAP_SLOP_PX) gesture.moved = true;
    if (gesture.kind === "swipe") {
      this.#setTrack(dx, { animate: false });
    } else if (gesture.kind === "pan") {
      this.#offset = clampPan({ x: gesture.offset.x + dx, y: gesture.offset.y + dy }, this.#scale, this.#baseSize(), this.#stageSize());
      this.#render();
    } else if (points.length > 1) {
      gesture.moved = true;
      // Zoom about where the fingers started, and let the pair's movement pan.
      const moved = { x: gesture.offset.x + dx, y: gesture.offset.y + dy };
      this.#zoomTo(gesture.scale * (spread(points) / gesture.distance), gesture.startAt, { scale: gesture.scale, offset: moved });
    }
  }

  #onPointerUp(event, { cancelled = false } = {}) {
    if (!this.#pointers.delete(event.pointerId)) return;
    const gesture = this.#gesture;
    if (gesture?.kind === "swipe" && this.#pointers.size === 0) {
      const dx = event.clientX - gesture.start.clientX;
      const speed = Math.abs(dx) / Math.max(1, event.timeStamp - gesture.time);
      const turn = !cancelled && (Math.abs(dx) > this.#stageSize().width * SWIPE_SHARE || (gesture.moved && speed > FLICK_PX_PER_MS));
      if (turn) this.#go(this.#index + (dx < 0 ? 1 : -1));
      else this.#setTrack(0, { animate: true });
    }
    if (gesture && !gesture.moved && !cancelled && this.#pointers.size === 0) this.#onTap(event);
    // A finger lifted from a pinch: the other one carries on as a pan from here.
    this.#beginGesture(event.timeStamp);
  }

  /** A second tap close to the first toggles between fitted and zoomed in at that spot. */
  #onTap(event) {
    const last = this.#lastTap;
    const double =
      last &&
      event.timeStamp - last.time < DOUBLE_TAP_MS &&
      Math.hypot(event.clientX - last.clientX, event.clientY - last.clientY) < TAP_SLOP_PX * 3;
    if (double) {
      this.#lastTap = null;
      if (this.#scale > 1) this.#zoomTo(1);
      else this.#zoomTo(DOUBLE_TAP_SCALE, this.#fromCentre(event));
    } else {
      this.#lastTap = { time: event.timeStamp, clientX: event.clientX, clientY: event.clientY };
    }
  }
}

function midpoint(points) {
  const sum = points.reduce((total, point) => ({ x: total.x + point.clientX, y: total.y + point.clientY }), { x: 0, y: 0 });
  return { clientX: sum.x / points.length, clientY: sum.y / points.length };
}

function spread(points) {
  return Math.max(1, Math.hypot(points[0].clientX - points[1].clientX, points[0].clientY - points[1].clientY));
}

customElements.define("wl-photo-viewer", PhotoViewer);
