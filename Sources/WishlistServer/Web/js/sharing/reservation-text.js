// How a shared wish's reservation reads to a friend, on its card and in its dialog alike.

import { i18n } from "../shell/i18n.js";

/**
 * What a friend reads about a wish's reservation: "Reserved by you" with this browser's key,
 * "Reserved" (by a name the reserver let friends see), or null when it is free or the owner looks.
 */
export function reservationText(wish, key) {
  if (!wish.reserved) return null;
  if (key) return { text: i18n.t("sharedList.reservedByYou"), mine: true };
  if (wish.reservedBy) return { text: i18n.t("sharedList.reservedBy", { name: wish.reservedBy }), mine: false };
  return { text: i18n.t("sharedList.reserved"), mine: false };
}
