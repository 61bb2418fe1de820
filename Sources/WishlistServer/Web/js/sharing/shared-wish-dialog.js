// One wish of a shared list, opened over the list in a modal <dialog>: its photos as a strip that
// swipes from photo to photo, its price, link, memo, tags and place (whatever the share shows),
// and the reservation: "I'll get this" with an optional name and note, "Reserved by you" with
// Cancel, or "Reserved" for everyone else. Opening pushes a history entry, so a phone's Back
// closes the wish rather than leaving the list.

import { ApiError, request } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { formatPrice } from "../links/price-format.js";
import { i18n } from "../shell/i18n.js";
import { reservationText } from "./reservation-text.js";

/** The strip is the dialog's width: the whole screen on a phone, 640 px beyond. */
const SLIDE_SIZES = "(min-width: 720px) 640px, 100vw";

/** The dialog of one shared wish; `onChange(wish)` hears of a reservation made or cancelled. */
export class SharedWishDialog {
  #token;
  #keys;
  #onChange;
  #dialog;
  #wish = null;
  #options = {};

  constructor({ token, keys, onChange }) {
    this.#token = token;
    this.#keys = keys;
    this.#onChange = onChange;
    this.#dialog = document.createElement("dialog");
    this.#dialog.className = "shared-wish";
    this.#dialog.setAttribute("aria-labelledby", "shared-wish-name");
    document.body.append(this.#dialog);
    this.#dialog.addEventListener("close", () => {
      if (history.state?.sharedWish) history.back();
    });
    addEventListener("popstate", () => {
      if (this.#dialog.open) this.#dialog.close();
    });
    this.#dialog.addEventListener("click", (event) => this.#onClick(event));
    this.#dialog.addEventListener("submit", (event) => this.#onSubmit(event));
  }

  /** Shows `wish`; `allowReservations` is off when the list takes none or its owner is looking. */
  open(wish, { allowReservations, owner }) {
    this.#wish = wish;
    this.#options = { allowReservations, owner };
    this.#draw();
    if (!this.#dialog.open) {
      this.#dialog.showModal();
      history.pushState({ sharedWish: wish.id }, "");
    }
    this.#dialog.querySelector(".shared-wish-close").focus();
  }

  #draw() {
    const wish = this.#wish;
    this.#dialog.innerHTML = `
      <div class="shared-wish-bar">
        <button type="button" class="shared-wish-close" data-action="close" data-i18n="sharedList.close"></button>
      </div>
      <div class="shared-wish-gallery" hidden>
        <ul class="photo-strip"></ul>
        <p class="shared-wish-count" aria-hidden="true"></p>
        <button type="button" class="shared-wish-step" data-action="previous" data-i18n-attr="aria-label:sharedList.previousPhoto">‹</button>
        <button type="button" class="shared-wish-step" data-action="next" data-i18n-attr="aria-label:sharedList.nextPhoto">›</button>
      </div>
      <div class="shared-wish-body">
        <h2 id="shared-wish-name" class="shared-wish-name"></h2>
        <p class="shared-wish-price" hidden></p>
        <a class="shared-wish-link" target="_blank" rel="noopener noreferrer" hidden></a>
        <p class="shared-wish-memo" hidden></p>
        <ul class="shared-wish-tags" data-i18n-attr="aria-label:sharedList.tags" hidden></ul>
        <p class="shared-wish-place" hidden></p>
        <section class="shared-reservation" data-i18n-attr="aria-label:sharedList.reservation" hidden></section>
      </div>`;
    i18n.localize(this.#dialog);
    this.#dialog.querySelector(".shared-wish-name").textContent = wish.name;
    this.#fill(".shared-wish-price", wish.price ? formatPrice(wish.price) : null);
    this.#fill(".shared-wish-memo", wish.memo);
    const link = this.#dialog.querySelector(".shared-wish-link");
    if (wish.link) {
      link.href = wish.link;
      link.textContent = i18n.t("sharedList.openLink", { site: siteOf(wish.link) });
      link.hidden = false;
    }
    const tags = this.#dialog.querySelector(".shared-wish-tags");
    for (const tag of wish.tags) {
      const item = document.createElement("li");
      item.textContent = tag;
      tags.append(item);
    }
    tags.hidden = wish.tags.length === 0;
    const place = wish.place ? [wish.place.name, wish.place.address].filter(Boolean).join(" · ") : null;
    this.#fill(".shared-wish-place", place);
    this.#drawGallery(wish.photos);
    this.#drawReservation();
  }

  #fill(selector, text) {
    const element = this.#dialog.querySelector(selector);
    element.textContent = text ?? "";
    element.hidden = !text;
  }

  #drawGallery(photos) {
    const gallery = this.#dialog.querySelector(".shared-wish-gallery");
    gallery.hidden = photos.length === 0;
    gallery.classList.toggle("shared-wish-gallery-many", photos.length > 1);
    const strip = gallery.querySelector(".photo-strip");
    photos.forEach((photo, index) => {
      const slide = document.createElement("li");
      const image = document.createElement("img");
      image.alt = i18n.t("sharedList.photo", { index: index + 1, total: photos.length, name: this.#wish.name });
      // The first photo is what the friend came for; the others wait for a swipe.
      image.loading = index === 0 ? "eager" : "lazy";
      image.decoding = "async";
      image.width = photo.width;
      image.height = photo.height;
      image.srcset = `${photo.urls.medium} 1024w, ${photo.urls.large} 2048w`;
      image.sizes = SLIDE_SIZES;
      image.src = photo.urls.medium;
      slide.append(image);
      strip.append(slide);
    });
    const count = gallery.querySelector(".shared-wish-count");
    const update = () => {
      count.textContent = `${this.#photoIndex() + 1} / ${photos.length}`;
    };
    strip.addEventListener("scroll", update, { passive: true });
    update();
  }

  #photoIndex() {
    const strip = this.#dialog.querySelector(".photo-strip");
    return Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth));
  }

  #step(by) {
    const strip = this.#dialog.querySelector(".photo-strip");
    const last = strip.children.length - 1;
    const index = Math.min(last, Math.max(0, this.#photoIndex() + by));
    strip.scrollTo({ left: index * strip.clientWidth, behavior: "smooth" });
  }

  #drawReservation(message = null) {
    const section = this.#dialog.querySelector(".shared-reservation");
    const wish = this.#wish;
    const key = this.#keys.keyOf(wish.id);
    section.hidden = !this.#options.allowReservations;
    if (section.hidden) return;
    const state = reservationText(wish, key);
    if (state?.mine) {
      section.innerHTML = `
        <p class="shared-badge" data-mine="true"></p>
        <p class="shared-reservation-hint" data-i18n="sharedList.secretFromOwner"></p>
        <button type="button" class="shared-secondary" data-action="cancel-reservation" data-i18n="sharedList.cancelReservation"></button>`;
    } else if (state) {
      section.innerHTML = `<p class="shared-badge" data-mine="false"></p>`;
    } else {
      section.innerHTML = `
        <button type="button" class="shared-primary" data-action="reserve" data-i18n="sharedList.reserve"></button>
        <p class="shared-reservation-hint" data-i18n="sharedList.reserveHint"></p>`;
    }
    section.querySelector(".shared-reservation-hint")?.setAttribute("data-i18n-args", JSON.stringify({ owner: this.#options.owner }));
    i18n.localize(section);
    const badge = section.querySelector(".shared-badge");
    if (badge) badge.textContent = state.text;
    if (message) this.#say(message);
  }

  #drawForm() {
    const section = this.#dialog.querySelector(".shared-reservation");
    section.innerHTML = `
      <form class="shared-reservation-form">
        <label class="shared-field"><span data-i18n="sharedList.yourName"></span>
          <input name="name" autocomplete="name"></label>
        <label class="shared-field"><span data-i18n="sharedList.note"></span>
          <textarea name="note" rows="2"></textarea></label>
        <label class="shared-check"><input type="checkbox" name="showName">
          <span data-i18n="sharedList.showName"></span></label>
        <div class="shared-form-actions">
          <button type="submit" class="shared-primary" data-i18n="sharedList.confirmReserve"></button>
          <button type="button" class="shared-secondary" data-action="back" data-i18n="sharedList.notNow"></button>
        </div>
      </form>`;
    i18n.localize(section);
    section.querySelector("[name=name]").focus();
  }

  #say(text) {
    const section = this.#dialog.querySelector(".shared-reservation");
    const line = document.createElement("p");
    line.className = "shared-reservation-message";
    line.setAttribute("role", "status");
    line.textContent = text;
    section.append(line);
  }

  #onClick(event) {
    // A click on the backdrop (outside the dialog's box) closes it, as on the app's sheets.
    if (event.target === this.#dialog) {
      this.#dialog.close();
      return;
    }
    const action = event.target.closest("[data-action]")?.dataset.action;
    if (action === "close") this.#dialog.close();
    else if (action === "previous") this.#step(-1);
    else if (action === "next") this.#step(1);
    else if (action === "reserve") this.#drawForm();
    else if (action === "back") this.#drawReservation();
    else if (action === "cancel-reservation") this.#cancel(event.target);
  }

  async #onSubmit(event) {
    event.preventDefault();
    const form = event.target;
    const name = form.elements.name.value.trim();
    const note = form.elements.note.value.trim();
    const body = { showName: form.elements.showName.checked && name !== "" };
    if (name) body.name = name;
    if (note) body.note = note;
    const submit = form.querySelector("[type=submit]");
    submit.disabled = true;
    const wish = this.#wish;
    try {
      const { reservationKey } = await request(API.sharing.reserve, { params: { token: this.#token, id: wish.id }, body });
      this.#keys.remember(wish.id, reservationKey);
      this.#changed({ ...wish, reserved: true, reservedBy: body.showName ? name : undefined });
      this.#drawReservation();
    } catch (error) {
      if (error instanceof ApiError && error.code === "already_reserved") {
        this.#changed({ ...wish, reserved: true });
        this.#drawReservation(messageOf(error));
      } else {
        submit.disabled = false;
        this.#say(messageOf(error));
      }
    }
  }

  async #cancel(button) {
    const wish = this.#wish;
    button.disabled = true;
    try {
      await request(API.sharing.cancelReservation, {
        params: { token: this.#token, id: wish.id },
        headers: { "X-Reservation-Key": this.#keys.keyOf(wish.id) },
      });
      this.#keys.forget(wish.id);
      this.#changed({ ...wish, reserved: false, reservedBy: undefined });
      this.#drawReservation(i18n.t("sharedList.cancelled"));
    } catch (error) {
      button.disabled = false;
      this.#say(messageOf(error));
    }
  }

  #changed(wish) {
    this.#wish = wish;
    this.#onChange(wish);
  }
}

/** The catalog's words for an API error's code, else a general failure. */
function messageOf(error) {
  const key = `error.${error.code}`;
  return i18n.has(key) ? i18n.t(key) : i18n.t("sharedList.failed.body");
}

/** A link's host without "www.", for "Open on musinsa.com". */
function siteOf(link) {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return link;
  }
}
