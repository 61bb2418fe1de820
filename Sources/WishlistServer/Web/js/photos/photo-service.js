// Every photo request goes through here. Photos live in the store as records of
// their own (kind PHOTO), and an edit also replaces the photo inside every wish
// held in the store, so cards and galleries show the new picture at once (W15). Uploads and edits
// go through the outbox: offline, a photo is kept (its Blob in IndexedDB) and shown from the file
// until it can be uploaded.

import { PHOTO, WISH } from "../common/record-kinds.js";
import { ApiError } from "../common/api.js";
import { limits } from "../common/limits.js";
import { store } from "../common/store.js";
import { outbox } from "../offline/outbox.js";

/** Most photos one wish can hold (the server's limit). */
export const MAX_PHOTOS = limits.wishPhotos;

/** Largest file the server takes; checked here too so a phone never sends a video for nothing. */
export const MAX_FILE_BYTES = limits.photoFileBytes;

/** Upload, edit, reset and delete calls that keep the store up to date. */
export class PhotoService {
  /**
   * Uploads one file, reporting progress as a fraction 0…1 through `onProgress`. Resolves
   * with `{photo, suggestedPlace}` (offline: the photo kept for later, shown from the file); rejects
   * with ApiError like `api`.
   */
  async upload(file, { onProgress = () => {}, signal } = {}) {
    if (file.size > MAX_FILE_BYTES) throw new ApiError(413, "file_too_large", "The file is too large.");
    const { record, answer } = await outbox.send({ kind: PHOTO, action: "upload", file, fileName: file.name }, { onProgress, signal });
    return { photo: record, suggestedPlace: answer?.suggestedPlace ?? null };
  }

  /** Puts photos that arrived inside a wish into the store; returns their ids in order. */
  keep(photos) {
    return store.put(PHOTO, photos ?? []).map((photo) => photo.id);
  }

  /** Crops (in the upright original's pixels, or null) and rotates clockwise by `rotate` degrees. */
  async edit(id, { crop, rotate }) {
    return this.#replace((await outbox.send({ kind: PHOTO, action: "edit", id, body: { crop, rotate } })).record);
  }

  /** Drops the photo's edit: back to the original. */
  async resetEdit(id) {
    return this.#replace((await outbox.send({ kind: PHOTO, action: "resetEdit", id })).record);
  }

  /** Deletes a photo that is on no wish (a fresh upload taken back before saving). */
  async delete(id) {
    await outbox.send({ kind: PHOTO, action: "delete", id });
  }

  #replace(photo) {
    store.put(PHOTO, photo);
    // The same version: the wish did not change, only the picture it holds.
    const holders = store.all(WISH).filter((wish) => wish.photos?.some((held) => held.id === photo.id));
    for (const wish of holders) {
      store.put(WISH, { ...wish, photos: wish.photos.map((held) => (held.id === photo.id ? photo : held)) });
    }
    return photo;
  }
}

/**
 * `srcset` of a photo's medium and large renditions with their real widths (long
 * side 1024 and 2048, never upscaled). The square `thumb` is left out: it is a
 * crop, not a smaller copy, so a browser picking it would show another picture.
 */
export function photoSrcset(photo) {
  const long = Math.max(photo.width, photo.height);
  const widthAt = (side) => Math.max(1, Math.round((photo.width * Math.min(side, long)) / long));
  const medium = `${photo.urls.medium} ${widthAt(1024)}w`;
  // A photo no longer than 1024 px has a large rendition just like its medium one.
  return long <= 1024 ? medium : `${medium}, ${photo.urls.large} ${widthAt(2048)}w`;
}

/**
 * Shows `photo` in `image`: its still renditions, fitted by `sizes`, or — when `animate` and the
 * photo is animated — its original, which is the animation. The still stays as the placeholder
 * until the whole animation has loaded; asking for the still meanwhile keeps it. The animation
 * is fetched only once the still has loaded, so a lazy image off screen fetches neither.
 */
export function showPhoto(image, photo, { sizes, animate }) {
  const animation = animate && photo.animated;
  image.dataset.shows = animation ? "animation" : "still";
  const showsOriginal = () => image.getAttribute("src") === photo.urls.original;
  if (animation && showsOriginal()) return;
  if (image.getAttribute("src") !== photo.urls.medium || !image.srcset) {
    image.sizes = sizes;
    image.srcset = photoSrcset(photo);
    image.src = photo.urls.medium;
  }
  if (!animation) return;
  const wanted = () => image.dataset.shows === "animation" && !showsOriginal();
  const play = () => {
    if (!wanted()) return;
    const loader = new Image();
    loader.addEventListener("load", () => {
      if (!wanted()) return;
      // Without srcset's width descriptors (and `sizes` to go with them) the GIF has its own size.
      image.removeAttribute("srcset");
      image.removeAttribute("sizes");
      image.src = photo.urls.original;
    }, { once: true });
    loader.src = photo.urls.original;
  };
  if (image.complete && image.naturalWidth > 0) play();
  else image.addEventListener("load", play, { once: true });
}

/** The app's one photo service. */
export const photoService = new PhotoService();
