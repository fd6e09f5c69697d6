/**
 * The built web and API in two processes, logging as in production (JSON: CI is set): one request
 * id from the web's answer through the web's access line to the API's, standard output that is
 * JSON lines only, the error page's reference, and /metrics — absent unless METRICS_ENABLED, then
 * on its own port with the named metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startBuiltServer, type BuiltServer } from "./built-server";
import { stretched } from "../support/time-limits";

const NO_DATABASE = "/proc/wayfarer-web-has-no-database";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Line = Record<string, unknown>;
const output = { api: [] as string[], web: [] as string[], orphan: [] as string[] };
const metricsPorts = { api: 0, web: 0, orphan: 0 };
let api: BuiltServer;
let web: BuiltServer;
let orphan: BuiltServer;

beforeAll(async () => {
  [metricsPorts.api, metricsPorts.web, metricsPorts.orphan] = await Promise.all([freePort(), freePort(), freePort()]);
  const production = { CI: "true", LOG_LEVEL: "info" };
  api = await startBuiltServer({
    entry: "api",
    stdout: output.api,
    env: {
      ...production,
      METRICS_ENABLED: "true",
      METRICS_PORT: String(metricsPorts.api),
      JOBS_ENABLED: "true",
      PASSWORD_ATTEMPTS_PER_MINUTE: "1",
    },
  });
  [web, orphan] = await Promise.all([
    startBuiltServer({
      stdout: output.web,
      env: {
        ...production,
        API_BASE_URL: `http://127.0.0.1:${api.port}`,
        PGLITE_DIR: NO_DATABASE,
        METRICS_ENABLED: "true",
        METRICS_PORT: String(metricsPorts.web),
      },
    }),
    // The API down, and the metrics not asked for (a port named, but not METRICS_ENABLED).
    freePort().then((port) =>
      startBuiltServer({
        stdout: output.orphan,
        readyPath: "/robots.txt",
        env: {
          ...production,
          API_BASE_URL: `http://127.0.0.1:${port}`,
          PGLITE_DIR: NO_DATABASE,
          METRICS_PORT: String(metricsPorts.orphan),
        },
      }),
    ),
  ]);
}, stretched(120_000));

afterAll(() => Promise.all([web?.stop(), orphan?.stop(), api?.stop()]), stretched(20_000));

/** The access lines a process wrote for a request id, once there are at least `count`. */
async function accessLines(lines: string[], requestId: string, count = 1): Promise<Line[]> {
  let found: Line[] = [];
  for (let attempt = 0; attempt < 100; attempt++) {
    found = lines
      .filter((line) => line.includes(requestId))
      .map((line) => JSON.parse(line) as Line)
      .filter((line) => line.msg === "answer" && line.requestId === requestId);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} access lines for ${requestId}: ${JSON.stringify(found)}`);
}

describe("one request id from the web to the API", () => {
  it("keeps the id a request came with: on the answer, in the web's access line and in the API's", async () => {
    const given = "obs-test-given-0001";
    const answer = await fetch(`${web.origin}/v1/experiences?limit=1&token=do-not-log`, {
      headers: { "X-Request-Id": given },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-request-id")).toBe(given);
    const [webLine] = await accessLines(output.web, given);
    const [apiLine] = await accessLines(output.api, given);
    for (const line of [webLine, apiLine]) {
      expect(line).toMatchObject({ method: "GET", path: "/v1/experiences?limit=&token=", status: 200 });
      expect(line.durationMs).toEqual(expect.any(Number));
      expect(line.bytes as number).toBeGreaterThan(0);
    }
    expect(apiLine.route).toBe("/v1/experiences");
    expect(apiLine.name).toBe("edge");
    // The API saw the web as its client.
    expect(apiLine.client).toMatch(/127\.0\.0\.1/);
    expect(output.web.concat(output.api).join("\n")).not.toContain("do-not-log");
  });

  it("gives one to a request without: the page's answer, its access line and every API call it made", async () => {
    const answer = await fetch(`${web.origin}/?q=observability-${Date.now()}`);
    expect(answer.status).toBe(200);
    const id = answer.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    const [webLine] = await accessLines(output.web, id);
    expect(webLine).toMatchObject({ method: "GET", path: "/?q=", status: 200, route: "routes/_home._index" });
    const apiLines = await accessLines(output.api, id);
    expect(apiLines.every((line) => line.status === 200)).toBe(true);
  });

  it("replaces an unsafe id with a new one", async () => {
    const answer = await fetch(`${web.origin}/v1/experiences?limit=1`, { headers: { "X-Request-Id": "bad id<>" } });
    const id = answer.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    await accessLines(output.api, id);
  });

  it("is the reference on the error page", async () => {
    const answer = await fetch(`${orphan.origin}/`, { headers: { "X-Request-Id": "obs-test-error-page-1" } });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("x-request-id")).toBe("obs-test-error-page-1");
    const page = await answer.text();
    expect(page).toContain('data-request-id="obs-test-error-page-1"');
    expect(page).toContain("Reference: obs-test-error-page-1");
  });
});

describe("standard output in production log mode", () => {
  it("is JSON lines only, in each process (no plain-text access or listen lines)", async () => {
    // Something was served and logged in each.
    await fetch(`${orphan.origin}/robots.txt`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const [name, lines] of Object.entries(output)) {
      const written = lines.filter((line) => line.trim() !== "");
      expect(written.length, name).toBeGreaterThan(0);
      const plain = written.filter((line) => {
        try {
          return typeof JSON.parse(line) !== "object";
        } catch {
          return true;
        }
      });
      expect(plain, name).toEqual([]);
    }
    const listening = output.web.map((line) => JSON.parse(line) as Line).find((line) => line.msg === "listening");
    expect(listening).toMatchObject({ name: "edge", port: web.port });
  });
});

/** Prometheus' text format: each sample's name with its labels → value. */
async function scrape(port: number): Promise<Map<string, number>> {
  const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(answer.status).toBe(200);
  const samples = new Map<string, number>();
  for (const line of (await answer.text()).split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1], Number(match[2]));
  }
  return samples;
}

describe("/metrics", () => {
  it("is absent by default: no metrics port, and no /metrics on the public one", async () => {
    const refused = await fetch(`http://127.0.0.1:${metricsPorts.orphan}/metrics`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
    for (const server of [web, api]) {
      const answer = await fetch(`${server.origin}/metrics`);
      expect(answer.status, server.origin).toBe(404);
      expect(await answer.text()).not.toContain("http_request_duration_seconds");
    }
  });

  it("shows the web's answers by route, the micro-cache and admission", async () => {
    for (let i = 0; i < 3; i++) await (await fetch(`${web.origin}/`)).text();
    const samples = await scrape(metricsPorts.web);
    expect(samples.get('http_request_duration_seconds_count{method="GET",route="routes/_home._index",status="200"}')).toBeGreaterThanOrEqual(3);
    expect(samples.get('micro_cache_answers_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(samples.get('micro_cache_answers_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(samples.get("admission_waiting")).toBe(0);
    expect(samples.get("nodejs_heap_size_used_bytes")).toBeGreaterThan(1_000_000);
    // No raw URL as a label.
    expect([...samples.keys()].some((name) => name.includes("?q="))).toBe(false);
  });

  it("shows the API's answers by endpoint, rate-limit refusals, job queues and (on PostgreSQL) the pool", async () => {
    // Its own address each run: a limit counted in Redis outlives the processes.
    const email = `metrics-limit-${Date.now()}@example.com`;
    const signIn = () =>
      fetch(`${api.origin}/v1/auth/password-session`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: "not-the-password" }),
      });
    await (await signIn()).text();
    const refused = await signIn();
    expect(refused.status).toBe(429);
    const samples = await scrape(metricsPorts.api);
    expect(samples.get('rate_limit_refusals_total{limit="password:email"}')).toBe(1);
    expect(
      samples.get('http_request_duration_seconds_count{method="GET",route="/v1/experiences",status="200"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(
      samples.get('http_request_duration_seconds_count{method="POST",route="/v1/auth/password-session",status="429"}'),
    ).toBe(1);
    expect(samples.get('job_queue_depth{queue="due-work"}')).toBeGreaterThanOrEqual(0);
    if (process.env.DATABASE_URL) {
      expect(samples.get('db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(samples.get('db_pool_connections{state="waiting"}')).toBe(0);
    }
  });
});
