/**
 * Issue 39 item 21: a path no router can read is refused by the edge (server/edge.mjs) before the
 * app runs: the API's JSON envelope under /v1 (bad percent-encoding, an encoded CR/LF), plain text
 * for a page; the app never sees it (Express answered an HTML "Bad Request" and logged a stack).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { malformedPath } from "../../server/paths.mjs";
import { edge } from "../../server/edge.mjs";

const reached: string[] = [];
let server: http.Server;
let port = 0;

beforeAll(async () => {
  // The edge in front of the app's listener, as server/index.mjs puts it.
  server = http.createServer(
    edge((req, res) => {
      reached.push(req.url ?? "");
      res.writeHead(200, { "Content-Type": "text/plain" }).end("app");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A GET of a raw request target (fetch would normalise it). */
function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("malformed paths at the edge", () => {
  it("tells bad encoding everywhere, and control characters under /v1", () => {
    expect(malformedPath("/v1/experiences/%zz")).toBe("encoding");
    expect(malformedPath("/experiences/%E0%A4%A")).toBe("encoding");
    expect(malformedPath("/v1/experiences/%0D%0A")).toBe("control");
    expect(malformedPath("/v1/experiences/a%09b")).toBe("control");
    expect(malformedPath("/v1/experiences/caf%C3%A9%20x")).toBeNull();
    expect(malformedPath("/experiences/%0D%0A")).toBeNull();
  });

  it("/v1 answers the JSON envelope (400), the app never runs", async () => {
    for (const path of ["/v1/experiences/%zz", "/v1/experiences/%0D%0ABcc:x", "/v1/%0a"]) {
      const answer = await get(path);
      expect(answer.status).toBe(400);
      expect(answer.type).toContain("application/json");
      const body = JSON.parse(answer.body);
      expect(body.error.code).toBe("validation_error");
      expect(typeof body.requestId).toBe("string");
    }
    const page = await get("/experiences/%zz");
    expect(page.status).toBe(400);
    expect(page.type).toContain("text/plain");
    expect(reached).toEqual([]);
    expect((await get("/v1/experiences/abc")).body).toBe("app");
  });
});
