// The friend's page of a shared list (`/s/{token}`): no account, no sign-in, often a phone on a
// slow connection, so it loads this module, its dialog, the API door and the catalog only — none
// of the app's shell, store or map. The server's HTML hands it the first page of the list, the
// token and whether the owner is looking in `<meta name="wishlist-shared-list">`, so the wishes
// show without another request. It lists the shared wishes a page at a time, opens each in a
// dialog, and keeps the reservations this browser made (their keys) so the friend sees "reserved
// by you", can cancel, and hears when a gift they reserved was deleted. When the list's owner is
// the one looking, the server leaves out every reservation and the page says that friends see more.

import { ApiError, request } from "../common/api.js";
import { API } from "../common/api-routes.js";
import { formatPrice } from "../links/price-format.js";
import { i18n } from "../shell/i18n.js";
import { ReservationKeys } from "./reservation-keys.js";
import { reservationText } from "./reservation-text.js";
import { SharedWishDialog } from "./shared-wish-dialog.js";

const PAGE_SIZE = 24;

/**
 * How far below the screen a card's photo starts loading. The browser's own `loading="lazy"` starts
 * 1,250 to 2,500 px ahead (the more, the slower the connection): on a phone that is every photo of
 * a list of two dozen, most of what the page weighs. The cards on screen and the top of the next
 * row load at once; the rest as the friend scrolls.
 */
const PHOTO_MARGIN = "0px 0px 120px 0px";

/** The page: the list's heading, its notices, the cards and "Show more". */
export class SharedListPage {
  #root;
  #token;
  #keys;
  #list = null;
  #wishes = new Map();
  #cursor = null;
  #ownerViewing = false;
  #dialog;
  #photos = new IntersectionObserver((entries) => this.#showPhotos(entries), { rootMargin: PHOTO_MARGIN });

  #first;

  /** `first`: what the page's meta holds, `{list, viewerIsOwner}`. */
  constructor(root, token, first) {
    this.#root = root;
    this.#token = token;
    this.#first = first;
    this.#keys = new ReservationKeys(token);
    this.#dialog = new SharedWishDialog({
      token,
      keys: this.#keys,
      onChange: (wish) => this.#updateCard(wish),
    });
  }

  async start() {
    this.#root.setAttribute("aria-busy", "true");
    try {
      // The owner's own browser learns nothing of reservations, its own included.
      const check = this.#first.viewerIsOwner ? 0 : this.#checkKeys();
      const [list, gone] = await Promise.all([this.#first.list ?? this.#page(), check]);
      this.#list = list;
      this.#ownerViewing = this.#first.viewerIsOwner;
      this.#render(gone);
      this.#append(list.items);
      this.#cursor = list.nextCursor;
      this.#updateMore();
    } catch (error) {
      this.fail(error);
    } finally {
      this.#root.removeAttribute("aria-busy");
    }
  }

  #page(cursor = undefined) {
    return request(API.sharing.sharedList, { params: { token: this.#token }, query: { limit: PAGE_SIZE, cursor } });
  }

  /**
   * Asks which of the reservations kept here still stand; forgets the others and answers how many
   * there were, each a gift the friend reserved that left the list. The owner's own browser has none.
   */
  async #checkKeys() {
    const keys = Object.values(this.#keys.all());
    if (keys.length === 0) return 0;
    try {
      const { held, gone } = await request(API.sharing.checkReservations, { params: { token: this.#token }, body: { keys } });
      this.#keys.forgetKeys(gone);
      for (const { key, wishId } of held) this.#keys.remember(wishId, key);
      return gone.length;
    } catch (error) {
      // A dead link fails the list's own request too, and says so there; anything else only
      // costs the notice, so the list still shows.
      if (error instanceof ApiError && error.code === "share_not_found") throw error;
      return 0;
    }
  }

  #render(gone) {
    const { title, owner, total } = this.#list;
    document.title = title;
    this.#root.innerHTML = `
      <header class="shared-header">
        <h1 class="shared-title"></h1>
        <p class="shared-byline"></p>
      </header>
      <p class="shared-notice shared-notice-owner" data-i18n="sharedList.ownerNote" hidden></p>
      <p class="shared-notice shared-notice-removed" role="status"></p>
      <ul class="shared-grid"></ul>
      <p class="shared-empty" data-i18n="sharedList.empty" hidden></p>
      <button type="button" class="shared-more" data-i18n="sharedList.more" hidden></button>
      <p class="shared-brand" data-i18n="app.name"></p>`;
    i18n.localize(this.#root);
    this.#root.querySelector(".shared-title").textContent = title;
    this.#root.querySelector(".shared-byline").textContent = i18n.t(total === 1 ? "sharedList.bylineOne" : "sharedList.byline", {
      count: total.toLocaleString(i18n.language),
      owner: owner.username,
    });
    this.#root.querySelector(".shared-notice-owner").hidden = !this.#ownerViewing;
    const removed = this.#root.querySelector(".shared-notice-removed");
    if (gone > 0) removed.textContent = i18n.t(gone === 1 ? "sharedList.removedOne" : "sharedList.removedMany", { count: gone });
    else removed.hidden = true;
    this.#root.querySelector(".shared-empty").hidden = total > 0;
    this.#root.querySelector(".shared-more").addEventListener("click", () => this.#more());
    this.#root.querySelector(".shared-grid").addEventListener("click", (event) => {
      const button = event.target.closest("[data-wish]");
      if (button) this.#open(button.dataset.wish);
    });
  }

  /** Says the list cannot be shown: a dead link (`share_not_found`), or any other failure. */
  fail(error) {
    const gone = error instanceof ApiError && error.code === "share_not_found";
    this.#root.innerHTML = `
      <div class="shared-failure" role="alert">
        <h1 class="shared-title" data-i18n="${gone ? "sharedList.gone.title" : "sharedList.failed.title"}"></h1>
        <p data-i18n="${gone ? "sharedList.gone.body" : "sharedList.failed.body"}"></p>
      </div>`;
    i18n.localize(this.#root);
  }

  async #more() {
    const button = this.#root.querySelector(".shared-more");
    button.disabled = true;
    try {
      const page = await this.#page(this.#cursor);
      this.#append(page.items);
      this.#cursor = page.nextCursor;
    } catch {
      // The button stays for another try; the cards already shown stay too.
    } finally {
      button.disabled = false;
      this.#updateMore();
    }
  }

  #updateMore() {
    this.#root.querySelector(".shared-more").hidden = !this.#cursor;
  }

  #append(wishes) {
    const grid = this.#root.querySelector(".shared-grid");
    for (const wish of wishes) {
      this.#wishes.set(wish.id, wish);
      const item = document.createElement("li");
      item.className = "shared-card";
      item.dataset.id = wish.id;
      grid.append(item);
      this.#drawCard(item, wish);
    }
  }

  #drawCard(item, wish) {
    const photo = wish.photos[0];
    item.innerHTML = `
      <div class="shared-card-photo" data-initial=""></div>
      <div class="shared-card-text">
        <h2 class="shared-card-name"><button type="button" class="shared-card-open" data-wish=""></button></h2>
        <p class="shared-card-price" hidden></p>
        <p class="shared-badge" hidden></p>
      </div>`;
    const open = item.querySelector(".shared-card-open");
    open.dataset.wish = wish.id;
    open.textContent = wish.name;
    const frame = item.querySelector(".shared-card-photo");
    if (photo) {
      const image = document.createElement("img");
      image.alt = "";
      image.decoding = "async";
      image.width = 320;
      image.height = 320;
      // The 320 px square is enough for a card (at most about 220 px wide), and the lightest
      // size for a slow connection; the dialog has larger. Its address waits for the observer.
      image.dataset.src = photo.urls.thumb;
      frame.append(image);
      this.#photos.observe(image);
    } else {
      frame.dataset.initial = ([...wish.name.trim()][0] ?? "").toLocaleUpperCase();
    }
    const price = item.querySelector(".shared-card-price");
    if (wish.price) {
      price.textContent = formatPrice(wish.price);
      price.hidden = false;
    }
    const badge = item.querySelector(".shared-badge");
    const state = reservationText(wish, this.#keys.keyOf(wish.id));
    if (state) {
      badge.textContent = state.text;
      badge.dataset.mine = String(state.mine);
      badge.hidden = false;
    }
  }

  #showPhotos(entries) {
    for (const { target, isIntersecting } of entries) {
      if (!isIntersecting) continue;
      target.src = target.dataset.src;
      this.#photos.unobserve(target);
    }
  }

  #updateCard(wish) {
    this.#wishes.set(wish.id, wish);
    const item = this.#root.querySelector(`.shared-card[data-id="${CSS.escape(wish.id)}"]`);
    if (item) this.#drawCard(item, wish);
  }

  #open(id) {
    const wish = this.#wishes.get(id);
    if (!wish) return;
    this.#dialog.open(wish, {
      allowReservations: this.#list.allowReservations && !this.#ownerViewing,
      owner: this.#list.owner.username,
    });
  }
}

/** What the server's HTML says of the list: `{token, viewerIsOwner, list, error}`; null elsewhere. */
function pageData() {
  const meta = document.querySelector('meta[name="wishlist-shared-list"]');
  return meta ? JSON.parse(meta.content) : null;
}

async function boot(data) {
  await i18n.init();
  const root = document.getElementById("shared-list");
  const page = new SharedListPage(root, data.token, { list: data.list, viewerIsOwner: data.viewerIsOwner });
  if (data.error) page.fail(new ApiError(404, data.error, ""));
  else await page.start();
}

// Only on the friend's page: the module tests import this module inside the app.
const data = pageData();
if (data) boot(data);
