// The fields of a change kept in the outbox that differ from the record as the server holds it
// now, in the shape the conflict panel takes. The editors compare their form with the latest
// version; here the change is a write's body (`photoIds`, not photos), compared with a record.

import { JOURNAL, WISH } from "../common/record-kinds.js";
import { i18n } from "../shell/i18n.js";

const plain = (value) => (value ?? "").trim();
const placeName = (place) => place?.name ?? "";
const count = (key) => (ids) => (ids?.length ? i18n.t(key, { count: ids.length }) : "");

/** Each kind's fields as a write's body names them: label, how a value reads, and how it is compared. */
const FIELDS = Object.freeze({
  [WISH]: [
    { name: "name", labelKey: "wish.form.name", text: plain },
    { name: "memo", labelKey: "wish.form.memo", text: plain },
    { name: "link", labelKey: "wish.form.link", text: plain },
    { name: "place", labelKey: "wish.form.place", text: placeName },
    { name: "tags", labelKey: "wish.form.tags", text: (tags) => (tags ?? []).join(", ") },
    { name: "favorite", labelKey: "wish.form.favorite", text: (on) => i18n.t(on ? "conflict.yes" : "conflict.no") },
    { name: "photoIds", labelKey: "photos.label", text: count("conflict.photos") },
  ],
  [JOURNAL]: [
    { name: "title", labelKey: "journal.form.title", text: plain },
    { name: "date", labelKey: "journal.form.date", text: (date) => date ?? "" },
    { name: "time", labelKey: "journal.form.time", text: (time) => time ?? "" },
    { name: "contents", labelKey: "journal.form.contents", text: plain },
    { name: "place", labelKey: "journal.form.place", text: placeName },
    { name: "wishIds", labelKey: "journal.form.mentions", text: count("conflict.mentions") },
    { name: "photoIds", labelKey: "photos.label", text: count("conflict.photos") },
  ],
});

/** A field's value in a form both sides can be compared in. */
function comparable(name, value) {
  if (name === "place") return value ? [value.name, value.latitude, value.longitude] : null;
  // A memo or link left empty is null on one side and "" on the other: the same.
  if (value === null || value === undefined || typeof value === "string") return (value ?? "").trim();
  return value;
}

/** `[{name, labelKey, text, mine, theirs}]` for the fields of `body` that differ from `latest` (a record of `kind`). */
export function conflictFields(kind, body, latest) {
  const theirs = { ...latest, photoIds: (latest.photos ?? []).map((photo) => photo.id) };
  return FIELDS[kind]
    .filter((field) => field.name in body)
    .filter((field) => JSON.stringify(comparable(field.name, body[field.name])) !== JSON.stringify(comparable(field.name, theirs[field.name])))
    .map((field) => ({ ...field, mine: body[field.name], theirs: theirs[field.name] }));
}
