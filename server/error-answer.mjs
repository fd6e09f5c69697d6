import { REQUEST_ID_HEADER } from "../runtime/request-id.mjs";

/**
 * An error answered by the edge before the app runs, in the API's envelope
 * (`{ error: { code, message }, requestId }`, the id the edge gave the request), never cached.
 * @param {import("node:http").ServerResponse} res
 * @param {number} status @param {string} code @param {string} message
 * @param {Record<string, string>} [headers]
 */
export function answerError(res, status, code, message, headers = {}) {
  const requestId = res.req?.headers[REQUEST_ID_HEADER];
  const body = JSON.stringify({ error: { code, message }, ...(typeof requestId === "string" ? { requestId } : {}) });
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(body);
}
