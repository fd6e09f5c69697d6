/**
 * The edge's own error answers (server/error-answer.mjs, server/unavailable-answer.mjs) carry the
 * request's id: in the envelope, as the API's do, and as the reference on the 503 page.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_ID_HEADER, requestIdFor } from "../../runtime/request-id.mjs";
import { answerError } from "../../server/error-answer.mjs";
import { answerUnavailable } from "../../server/unavailable-answer.mjs";

let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // As the edge does: the request's id on the request the answers read.
    req.headers[REQUEST_ID_HEADER] = requestIdFor(req.headers[REQUEST_ID_HEADER]);
    if (req.url === "/refused") answerError(res, 403, "forbidden", "Refused.");
    else answerUnavailable(req.url ?? "/", res, 1);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the edge's error answers", () => {
  it("name the request id in the envelope", async () => {
    const answer = await fetch(`${origin}/refused`, { headers: { "X-Request-Id": "edge-envelope-1" } });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      error: { code: "forbidden", message: "Refused." },
      requestId: "edge-envelope-1",
    });
    const busy = await fetch(`${origin}/v1/experiences`, { headers: { "X-Request-Id": "edge-envelope-2" } });
    expect(busy.status).toBe(503);
    expect(((await busy.json()) as { requestId: string }).requestId).toBe("edge-envelope-2");
  });

  it("show it as the reference on the 503 page, escaped", async () => {
    const answer = await fetch(`${origin}/experiences`, { headers: { "X-Request-Id": "edge-page-0001" } });
    expect(answer.status).toBe(503);
    const page = await answer.text();
    expect(page).toContain('data-request-id="edge-page-0001">Reference: edge-page-0001</p>');
    const unsafe = await fetch(`${origin}/experiences`, { headers: { "X-Request-Id": "<b>not-an-id</b>" } });
    const shown = /data-request-id="([^"]+)"/.exec(await unsafe.text())?.[1];
    expect(shown).toMatch(/^[0-9a-f-]{36}$/);
  });
});
