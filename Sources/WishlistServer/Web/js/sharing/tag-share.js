// "Share" on a tag: a wish's tag chips, each with a button that opens the share sheet for that
// tag's wishes (the sheet's own "what to share" set to it), so a tag is shared from where it is seen.

import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { ShareSheet } from "./share-sheet.js";

/** Fills a tag list with one chip per tag, each with its "Share" button. */
export function renderShareableTags(list, tags) {
  list.hidden = tags.length === 0;
  list.replaceChildren(
    ...tags.map((tag) => {
      const item = document.createElement("li");
      item.className = "tag-chip tag-chip-shareable";
      item.innerHTML = `<span></span><button type="button" class="tag-chip-action tag-chip-share">${icon("share", "icon icon-tiny")}</button>`;
      item.querySelector("span").textContent = tag;
      const share = item.querySelector("button");
      share.setAttribute("aria-label", i18n.t("sharing.tag.shareLabel", { tag }));
      share.addEventListener("click", () => ShareSheet.open({ tag }));
      return item;
    }),
  );
}
