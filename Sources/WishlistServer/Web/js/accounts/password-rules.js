// The account rules the forms check before asking the server (which checks them again and has the
// last word): a username's shape, a new password's length and its confirmation. The lengths are
// the server's (`limits`).

import { limits } from "../common/limits.js";

const USERNAME_PATTERN = new RegExp(`^[a-z0-9._-]{${limits.usernameMinimum},${limits.usernameMaximum}}$`);

/**
 * What is wrong with a form's `values`, as `{ field, key }` problems in the fields' order:
 * `current` names the field with a password the person has, `chosen` the one with a password being
 * chosen (checked for length and against `values.confirm`), `username` whether the username's shape
 * is checked (a sign-in only needs one).
 */
export function accountProblems(values, { current = null, chosen = null, username = false } = {}) {
  const problems = [];
  if ("username" in values) {
    if (values.username.length === 0) problems.push({ field: "username", key: "validation.username.required" });
    else if (username && !USERNAME_PATTERN.test(values.username)) problems.push({ field: "username", key: "validation.username.format" });
  }
  if (current && values[current].length === 0) problems.push({ field: current, key: "validation.password.required" });
  if (chosen) {
    const password = values[chosen];
    if (password.length === 0) problems.push({ field: chosen, key: "validation.password.required" });
    else if (password.length < limits.passwordMinimum) problems.push({ field: chosen, key: "validation.password.short" });
    if (password.length > 0 && values.confirm !== password) problems.push({ field: "confirm", key: "validation.confirm.mismatch" });
  }
  return problems;
}
