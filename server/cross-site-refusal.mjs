/**
 * Cross-site writes, refused at the edge before the app runs (CSRF; the rule is
 * runtime/same-origin.mjs). Remix would otherwise check the Origin itself and throw a 500 before
 * any action ran; here every such request gets a clear 403 and nothing runs:
 *
 * - a page (a form post from another site): the request is handed to the app as a GET of
 *   REFUSAL_PATH, marked with REFUSAL_HEADER, which renders the 403 page in the site's layout
 *   (app/routes/_default.cross-site.tsx) without running any action or the page's own loader;
 * - the API and the app's data requests: the 403 in the API's envelope.
 *
 * Pages must name their own origin (every browser sends Origin on a form post). The API refuses a
 * foreign source; a request that names none (a server, a script with a bearer token, a payment
 * provider's webhook) goes on to the API, which refuses a cookie-authenticated write that does
 * not name this origin (api/auth/middleware.ts).
 */
import { REFUSAL_CROSS_SITE, REFUSAL_HEADER } from "../runtime/edge-headers.mjs";
import { requestSource, WRITE_METHODS } from "../runtime/same-origin.mjs";
import { answerError } from "./error-answer.mjs";
import { answersInEnvelope, isApiPath, pathOf } from "./paths.mjs";

/** The page the app renders for a refused form post. */
export const REFUSAL_PATH = "/cross-site";

/** @param {import("node:http").IncomingMessage} req */
function headerOf(req) {
  /** @param {string} name */
  return (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
}

/**
 * Whether the request is a write from another site (or, for a page, from nowhere it names).
 * @param {import("node:http").IncomingMessage} req
 */
export function isCrossSiteWrite(req) {
  if (!WRITE_METHODS.has(req.method ?? "")) return false;
  // The connection's own scheme and Host; X-Forwarded-* only from a proxy we trust (the rule's).
  const scheme = /** @type {{ encrypted?: boolean }} */ (req.socket)?.encrypted ? "https" : "http";
  const source = requestSource(headerOf(req), { scheme, host: req.headers.host ?? "" });
  if (source === "same") return false;
  return !(source === "unnamed" && isApiPath(pathOf(req.url ?? "/")));
}

/**
 * Refuses a cross-site write: answers the envelope and returns "answered", or turns the request
 * into the GET of the refusal page and returns "page" (the caller hands it to the app). Any other
 * request is left as it is ("pass"), without the refusal mark a client may have sent.
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res
 * @param {{ closeConnection: boolean }} body whether the unread body is too large to drain
 * @returns {"pass" | "answered" | "page"}
 */
export function refuseCrossSiteWrite(req, res, body) {
  delete req.headers[REFUSAL_HEADER];
  if (!isCrossSiteWrite(req)) return "pass";
  if (answersInEnvelope(req.url ?? "/")) {
    answerError(res, 403, "forbidden", "Cross-site request refused: nothing was changed.");
    return "answered";
  }
  // Decided now, while the body's headers are still there; the body itself is never read.
  if (body.closeConnection) res.setHeader("Connection", "close");
  for (const name of ["content-length", "transfer-encoding", "content-type", "content-encoding"]) {
    delete req.headers[name];
  }
  req.method = "GET";
  req.url = REFUSAL_PATH;
  req.headers[REFUSAL_HEADER] = REFUSAL_CROSS_SITE;
  return "page";
}
