/**
 * The edge's "not available right now" (503 with Retry-After), when the app cannot take a request
 * (admission's line is full): for a browser a small page of its own, with the site's words from
 * the locale file and a link to try the same address again; for the API and the app's data
 * requests the API's envelope. The edge renders nothing through the app here: that is what is
 * overloaded.
 */
import { readFileSync } from "node:fs";
import { escapeMarkup } from "../runtime/markup.mjs";
import { REQUEST_ID_HEADER } from "../runtime/request-id.mjs";
import { answerError } from "./error-answer.mjs";
import { answersInEnvelope, pathOf } from "./paths.mjs";

const strings = JSON.parse(readFileSync(new URL("../app/locales/en/common.json", import.meta.url), "utf8"));
const TEXT = {
  appName: strings.app.name,
  title: strings.errors.statusText["503"],
  message: strings.apiErrors.service_unavailable,
  again: strings.errors.tryAgain,
  reference: strings.errors.reference,
};

/**
 * @param {string} path where "try again" leads: the address asked for, as a plain GET
 * @param {string | undefined} requestId the reference a visitor can quote
 */
function page(path, requestId) {
  const href = /^\/(?![/\\])[\w\-.~!$&'()*+,;=:@%/]*$/.test(path) ? path : "/";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(`${TEXT.title} · ${TEXT.appName}`)}</title>
</head>
<body style="font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;text-align:center;color:#0f172a">
<main id="main" style="max-width:36rem;padding:3rem 1.5rem">
<p style="font-size:3.75rem;font-weight:700;margin:0" aria-hidden="true">503</p>
<h1 style="font-size:1.5rem;margin:1rem 0 0"><span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)">503 </span>${escapeMarkup(TEXT.title)}</h1>
<p style="color:#475569;margin:.75rem 0 2rem">${escapeMarkup(TEXT.message)}</p>
${requestId ? `<p style="color:#64748b;font-size:.875rem;margin:0 0 2rem" data-request-id="${escapeMarkup(requestId)}">${escapeMarkup(TEXT.reference.replace("{{id}}", requestId))}</p>\n` : ""}<a href="${escapeMarkup(href)}" style="display:inline-block;border-radius:.375rem;background:#0f172a;color:#fff;padding:.5rem 1rem;text-decoration:none">${escapeMarkup(TEXT.again)}</a>
</main>
</body>
</html>
`;
}

/**
 * Answers 503 "not available right now", never cached.
 * @param {string} url the request target @param {import("node:http").ServerResponse} res
 * @param {number} retryAfterSeconds
 */
export function answerUnavailable(url, res, retryAfterSeconds) {
  const headers = { "Retry-After": String(retryAfterSeconds) };
  if (answersInEnvelope(url)) {
    answerError(res, 503, "service_unavailable", "The server is busy. Please try again in a moment.", headers);
    return;
  }
  const requestId = res.req?.headers[REQUEST_ID_HEADER];
  const body = page(pathOf(url), typeof requestId === "string" ? requestId : undefined);
  res.writeHead(503, {
    ...headers,
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(body);
}
