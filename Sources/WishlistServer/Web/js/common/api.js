// The one way the app talks to the server: JSON in and out, the CSRF header and an
// Idempotency-Key on every unsafe request (the caller passes the key again when it retries the
// same write, so the server answers a repeat with the first answer), and two typed errors so views can tell "the server said
// no" (ApiError) from "the server could not be reached" (NetworkError, K7). Requests name their
// route from `api-routes.js`, the one place that knows the server's paths.

import { apiPath } from "./api-routes.js";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const TIMEOUT_MS = 20_000;

/**
 * Announces "unauthenticated" whenever the server says the session is over, so
 * the app can go back to sign-in from wherever the person was, and "reachable" after every
 * answer that came back, so writes waiting for the server (the outbox) know it is there again.
 */
export const apiEvents = new EventTarget();

/**
 * The server answered with an error: `status`, the API's `code` and `message`, `field` for bad
 * input, and `retryAfter` (seconds, from `Retry-After`) when it asks to wait (429).
 */
export class ApiError extends Error {
  constructor(status, code, message, field = null, retryAfter = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
  }
}

/**
 * A new random Idempotency-Key. `crypto.randomUUID` exists only in secure contexts; a server
 * reached over plain http on a home network gets the same 122 random bits another way.
 */
export function newIdempotencyKey() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The request never got an answer: offline, DNS, refused, timed out, or an unreadable reply. */
export class NetworkError extends Error {
  constructor(message, { cause } = {}) {
    super(message, { cause });
    this.name = "NetworkError";
    this.code = "network";
  }
}

/**
 * Sends one request to `route` (an entry of `API`, its `params` and `query` filled in by `apiPath`)
 * and resolves with the decoded JSON body (`null` for an empty answer such as 204). A write carries
 * `idempotencyKey` (a new one when not given: pass the first one again to retry the same write).
 * Rejects with ApiError or NetworkError only.
 */
export async function request(route, { params, query, body, headers = {}, signal, idempotencyKey } = {}) {
  const { method } = route;
  const path = apiPath(route, params, query);
  const finalHeaders = { Accept: "application/json", ...headers };
  if (UNSAFE_METHODS.has(method)) {
    finalHeaders["X-Requested-With"] = "wishlist";
    finalHeaders["Idempotency-Key"] = idempotencyKey ?? newIdempotencyKey();
  }
  if (body !== undefined) finalHeaders["Content-Type"] = "application/json";

  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: finalHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    // A caller's own abort is not a network failure: let it through unchanged.
    if (signal?.aborted) throw error;
    throw new NetworkError("The server could not be reached.", { cause: error });
  }
  return decode(response);
}

async function decode(response) {
  const text = await response.text().catch(() => null);
  if (text === null) throw new NetworkError("The answer was cut off.");
  announceReachable();
  let json = null;
  if (text.length > 0) {
    try {
      json = JSON.parse(text);
    } catch {
      // A proxy's HTML error page or a truncated body: not something the app can use.
      if (response.ok) throw new NetworkError("The server sent an unreadable answer.");
    }
  }
  if (response.ok) return json;
  throw apiErrorOf(response.status, response.statusText, json, response.headers.get("Retry-After"));
}

/** Something came back from the server (even an error): it can be reached. */
function announceReachable() {
  apiEvents.dispatchEvent(new Event("reachable"));
}

/**
 * The ApiError for an error answer with decoded body `json` (null when there was none) and its
 * `Retry-After` header, announcing "unauthenticated" first when the session is over.
 */
function apiErrorOf(status, statusText, json, retryAfter = null) {
  const error = json?.error;
  if (status === 401 && error?.code === "unauthenticated") {
    apiEvents.dispatchEvent(new Event("unauthenticated"));
  }
  return new ApiError(
    status,
    typeof error?.code === "string" ? error.code : `http_${status}`,
    typeof error?.message === "string" ? error.message : statusText,
    typeof error?.field === "string" ? error.field : null,
    /^\d+$/.test(retryAfter ?? "") ? Number(retryAfter) : null,
  );
}

/**
 * Sends `body` (a File, Blob or FormData) to `route` (its `params` filled in) and resolves with the
 * decoded JSON answer, reporting how much was sent as a fraction 0…1 through `onProgress`.
 * XMLHttpRequest rather than fetch: only it reports upload progress. `contentType` is the body's
 * type (FormData brings its own); `idempotencyKey` as for `request`. Rejects with ApiError or
 * NetworkError like `request`, or an AbortError when `signal` stops it.
 */
export function upload(route, body, { params, contentType, onProgress = () => {}, signal, idempotencyKey } = {}) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, apiPath(route, params));
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("X-Requested-With", "wishlist");
    request.setRequestHeader("Idempotency-Key", idempotencyKey ?? newIdempotencyKey());
    if (contentType) request.setRequestHeader("Content-Type", contentType);
    request.responseType = "text";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      if (request.status !== 0) announceReachable();
      let json = null;
      try {
        json = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        if (request.status < 400) return reject(new NetworkError("The server sent an unreadable answer."));
      }
      if (request.status >= 200 && request.status < 300) return resolve(json);
      if (request.status === 0) return reject(new NetworkError("The server could not be reached."));
      reject(apiErrorOf(request.status, request.statusText, json, request.getResponseHeader("Retry-After")));
    });
    request.addEventListener("error", () => reject(new NetworkError("The server could not be reached.")));
    request.addEventListener("timeout", () => reject(new NetworkError("The upload timed out.")));
    request.addEventListener("abort", () => reject(new DOMException("The upload was stopped.", "AbortError")));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}

/** The two ways to call the API, for modules that import one name. */
export const api = { request, upload };
