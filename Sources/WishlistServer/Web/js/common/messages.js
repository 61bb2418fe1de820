// Turning errors into words on screen, shared by every form: a catalog message
// when the catalog knows the error's code, else the server's own sentence.

import { ApiError, NetworkError } from "./api.js";
import { i18n } from "../shell/i18n.js";

/** The catalog key for an error, or the server's message when the catalog has no words for its code. */
export function describe(error) {
  if (error instanceof NetworkError) return { key: "error.network" };
  if (error instanceof ApiError) {
    const key = `error.${error.code}`;
    if (i18n.t(key) !== key) return { key };
    if (error.message) return { text: error.message };
  }
  return { key: "error.generic" };
}

/** Puts a catalog message (kept translatable on a language switch) or plain text into `element`. */
export function setMessage(element, { key, text }) {
  if (key) {
    element.dataset.i18n = key;
    i18n.localize(element);
  } else {
    delete element.dataset.i18n;
    element.textContent = text ?? "";
  }
}
