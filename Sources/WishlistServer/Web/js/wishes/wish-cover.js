// The picture area of a wish: its first photo, or until it has one a soft
// tinted block with the name's initial. The tint comes from the id, so a wish
// keeps its colour everywhere and neighbours rarely share one.

const TINTS = 6;

/** The cover of one wish; set `wish` (a record) to draw it. Decorative: the name is said next to it. */
export class WishCover extends HTMLElement {
  set wish(wish) {
    const photo = wish.photos?.[0];
    // Cards get the small square thumbnail; a large cover asks for more.
    const size = this.getAttribute("size") === "large" ? "large" : "thumb";
    this.setAttribute("aria-hidden", "true");
    if (photo) {
      const source = photo.urls?.[size] ?? photo.urls?.medium;
      let image = this.querySelector("img");
      if (!image) {
        image = document.createElement("img");
        image.alt = "";
        image.loading = "lazy";
        image.decoding = "async";
        this.replaceChildren(image);
      }
      if (image.getAttribute("src") !== source) image.src = source;
      this.removeAttribute("data-tint");
      return;
    }
    this.dataset.tint = String(tintOf(wish.id));
    let initial = this.querySelector(".wish-cover-initial");
    if (!initial) {
      initial = document.createElement("span");
      initial.className = "wish-cover-initial";
      this.replaceChildren(initial);
    }
    // The first whole character (a Korean syllable, an emoji), not half of a surrogate pair.
    initial.textContent = ([...wish.name.trim()][0] ?? "").toLocaleUpperCase();
  }
}

function tintOf(id) {
  let sum = 0;
  for (const character of id) sum = (sum * 31 + character.charCodeAt(0)) % 9973;
  return sum % TINTS;
}

customElements.define("wl-wish-cover", WishCover);
