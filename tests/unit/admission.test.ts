/**
 * Admission (server/admission.mjs) on a real HTTP server: how many requests reach the app at once,
 * in what order the others get their turn, and what happens to those that wait too long or leave.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createAdmission } from "../../server/admission.mjs";

interface Served {
  origin: string;
  /** The paths the app has started on, in order. */
  started: string[];
  /** Finishes the answer of the request for this path. */
  finish: (path: string) => void;
  stats: () => { active: number; waiting: number };
  close: () => Promise<void>;
}

const servers: Served[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** An app that answers each request only when the test says so. */
async function serve(options: { concurrency: number; maxWaiting: number; holdMs: number }): Promise<Served> {
  const admission = createAdmission(options);
  const started: string[] = [];
  const open = new Map<string, http.ServerResponse>();
  const server = http.createServer((req, res) =>
    admission.admit(req.url ?? "/", res, () => {
      started.push(req.url ?? "");
      open.set(req.url ?? "", res);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const served: Served = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    started,
    finish(path) {
      open.get(path)?.end(`done ${path}`);
    },
    stats: admission.stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(served);
  return served;
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

const agent = new http.Agent({ keepAlive: false, maxSockets: 100 });
function get(url: string, signal?: AbortSignal): Promise<{ status: number; body: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, signal }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body, retryAfter: response.headers["retry-after"] as string }),
      );
    });
    request.on("error", reject);
  });
}

describe("admission", () => {
  it("lets a few requests in at once and the rest in the order they came", async () => {
    const app = await serve({ concurrency: 2, maxWaiting: 10, holdMs: 60_000 });
    const answers = ["/a", "/b", "/c", "/d"].map((path) => get(app.origin + path));
    await until(() => app.stats().waiting === 2);
    expect(app.started).toEqual(["/a", "/b"]);
    expect(app.stats().active).toBe(2);

    app.finish("/b");
    await until(() => app.started.length === 3);
    expect(app.started).toEqual(["/a", "/b", "/c"]);
    app.finish("/a");
    await until(() => app.started.length === 4);
    expect(app.started[3]).toBe("/d");
    app.finish("/c");
    app.finish("/d");
    expect((await Promise.all(answers)).map((answer) => answer.body)).toEqual([
      "done /a",
      "done /b",
      "done /c",
      "done /d",
    ]);
    await until(() => app.stats().active === 0);
  });

  it("answers 503 with Retry-After at once when the line is full, and keeps serving the rest", async () => {
    const app = await serve({ concurrency: 1, maxWaiting: 1, holdMs: 60_000 });
    const first = get(`${app.origin}/first`);
    await until(() => app.started.length === 1);
    const second = get(`${app.origin}/second`);
    await until(() => app.stats().waiting === 1);

    // The API (and the app's data requests) get the envelope; a browser, the page.
    const refused = await get(`${app.origin}/v1/third`);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe("1");
    expect(JSON.parse(refused.body).error.code).toBe("service_unavailable");
    const page = await get(`${app.origin}/third?x=1`);
    expect(page.status).toBe(503);
    expect(page.retryAfter).toBe("1");
    expect(page.body).toMatch(/^<!DOCTYPE html>/);
    expect(page.body).toContain("<title>Service Unavailable · Wayfarer</title>");
    expect(page.body).toContain("This service is not available right now.");
    expect(page.body).toContain('<a href="/third"');
    expect(page.body).not.toContain("Back to the home page");

    app.finish("/first");
    await until(() => app.started.length === 2);
    app.finish("/second");
    expect((await first).status).toBe(200);
    expect((await second).body).toBe("done /second");
    expect(app.started).toEqual(["/first", "/second"]);
  });

  it("drops a waiting request whose client went away, without running it", async () => {
    const app = await serve({ concurrency: 1, maxWaiting: 10, holdMs: 60_000 });
    const first = get(`${app.origin}/first`);
    await until(() => app.started.length === 1);
    const leaving = new AbortController();
    const gone = get(`${app.origin}/gone`, leaving.signal).catch((error: Error) => error);
    const last = get(`${app.origin}/last`);
    await until(() => app.stats().waiting === 2);
    leaving.abort();
    expect(await gone).toBeInstanceOf(Error);
    await new Promise((resolve) => setTimeout(resolve, 50));

    app.finish("/first");
    await until(() => app.started.length === 2);
    expect(app.started).toEqual(["/first", "/last"]);
    app.finish("/last");
    expect((await last).body).toBe("done /last");
    expect((await first).body).toBe("done /first");
  });

  it("stops counting a request that holds its place too long, so a slow one cannot stall the rest", async () => {
    const app = await serve({ concurrency: 1, maxWaiting: 10, holdMs: 100 });
    const slow = get(`${app.origin}/slow`);
    await until(() => app.started.length === 1);
    const next = get(`${app.origin}/next`);
    await until(() => app.started.length === 2);
    expect(app.started).toEqual(["/slow", "/next"]);
    app.finish("/next");
    expect((await next).body).toBe("done /next");
    app.finish("/slow");
    expect((await slow).body).toBe("done /slow");
    await until(() => app.stats().active === 0);
  });

  it("lets everything in at once when turned off (concurrency 0)", async () => {
    const app = await serve({ concurrency: 0, maxWaiting: 1, holdMs: 60_000 });
    const answers = ["/a", "/b", "/c"].map((path) => get(app.origin + path));
    await until(() => app.started.length === 3);
    for (const path of ["/a", "/b", "/c"]) app.finish(path);
    expect((await Promise.all(answers)).every((answer) => answer.status === 200)).toBe(true);
  });
});
