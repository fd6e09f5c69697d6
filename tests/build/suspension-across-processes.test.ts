/**
 * A suspension in the scale-out mode (issue 44, point 4): two processes of the built app on one
 * PostgreSQL database. An operator suspended through one is gone from the other's /v1/experiences
 * and its sitemap (which that process keeps) within a second, told through LISTEN/NOTIFY, and back
 * as fast once reinstated. The suspension goes through the development door
 * (POST /v1/dev/operators/:slug/status), which calls what the platform admin's suspend calls
 * (setOperatorStatus). Needs DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "./built-server";
import { stretched } from "../support/time-limits";

const DATABASE_URL = process.env.DATABASE_URL;
const WITHIN_MS = stretched(1_000);
const SLUG = "olive";

const setStatus = async (origin: string, body: { status: "active" | "suspended"; reason?: string }) => {
  const answer = await fetch(`${origin}/v1/dev/operators/${SLUG}/status`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.text()).toBe(200);
};

/** The operator's experiences the marketplace lists, through `origin`'s API. */
const listed = async (origin: string) =>
  ((await (await fetch(`${origin}/v1/experiences?operator=${SLUG}&pageSize=48`)).json()).data.items as Array<{
    id: string;
    firstServiceId: string;
  }>);

const inSitemap = async (origin: string, path: string) =>
  (await (await fetch(`${origin}/sitemap.xml`)).text()).includes(path);

/** Reads `origin`'s sitemap until it says `expected` about `path`: how long that took. */
async function sitemapSays(origin: string, path: string, expected: boolean): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 5 * WITHIN_MS) {
    if ((await inSitemap(origin, path)) === expected) return Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

describe.skipIf(!DATABASE_URL)("a suspension across two processes on one PostgreSQL", () => {
  let servers: BuiltServer[] = [];
  beforeAll(async () => {
    servers = await Promise.all(
      [0, 1].map(() => startBuiltServer({ env: { DATABASE_URL: DATABASE_URL!, REDIS_URL: "" } })),
    );
  }, stretched(180_000));
  afterAll(() => Promise.all(servers.map((server) => server.stop())), stretched(30_000));

  it("gone from the other process's catalog and sitemap within a second, and back after reinstating", async () => {
    const [a, b] = servers;
    const [first] = await listed(b.origin);
    const path = `/experiences/${first.id}/${first.firstServiceId}`;
    // b keeps its sitemap (and the answers it is made of) from now on.
    expect(await inSitemap(b.origin, path)).toBe(true);

    await setStatus(a.origin, { status: "suspended", reason: "Under review." });
    try {
      const gone = await sitemapSays(b.origin, path, false);
      console.log(JSON.stringify({ suspension: "gone", milliseconds: gone }));
      expect(gone).toBeLessThan(WITHIN_MS);
      expect(await listed(b.origin)).toEqual([]);
    } finally {
      await setStatus(a.origin, { status: "active" });
    }
    const back = await sitemapSays(b.origin, path, true);
    console.log(JSON.stringify({ suspension: "back", milliseconds: back }));
    expect(back).toBeLessThan(WITHIN_MS);
    expect((await listed(b.origin)).length).toBeGreaterThan(0);
  }, stretched(60_000));
});
