import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "~contract/client";
import { isApiError } from "~contract/errors";
import { readCache } from "~/platform/api-read-cache.server";
import { everythingChanged, topicsChanged } from "../../runtime/topic-versions.mjs";

/** An API (the client's injected transport) that answers with who asked and how many times it was asked. */
function countingApi() {
  let calls = 0;
  const client = (options: { token?: string; headers?: Record<string, string> } = {}) =>
    createApiClient({
      baseUrl: "http://localhost",
      token: options.token,
      headers: options.headers,
      readCache,
      retryDelayMs: 0,
      transport: async (request) => {
        calls++;
        const status = request.headers.get("Authorization") === "Bearer gone" ? 401 : 200;
        const data = { who: request.headers.get("Authorization"), calls };
        return Response.json(status === 200 ? { data } : { error: { code: "unauthorized", message: "no" } }, {
          status,
        });
      },
    });
  return { client, calls: () => calls };
}

/** An API (the injected transport) that holds its first answer until `release()`; each answer says how many calls came. */
function heldApi(token?: string) {
  let calls = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const client = createApiClient({
    baseUrl: "http://localhost",
    token,
    readCache,
    transport: async () => {
      calls++;
      if (calls === 1) await gate;
      return Response.json({ data: { calls } });
    },
  });
  return { client, release, calls: () => calls };
}

// Each test starts with nothing kept.
beforeEach(() => everythingChanged());

describe("the web's read cache", () => {
  it("keeps the signed-in user per token, never across tokens", async () => {
    const api = countingApi();
    const a1 = await api.client({ token: "a" }).call("userInfo");
    const a2 = await api.client({ token: "a" }).call("userInfo");
    const b = await api.client({ token: "b" }).call("userInfo");
    expect(a1).toEqual(a2);
    expect(a1).not.toBe(a2);
    expect((b as unknown as { who: string }).who).toBe("Bearer b");
    expect(api.calls()).toBe(2);
  });

  it("never keeps a browser's cookie call, an error or a read its declaration does not say it may keep", async () => {
    const api = countingApi();
    for (let i = 0; i < 2; i++) {
      await api.client({ headers: { Cookie: "__session=x" } }).call("userInfo");
      await api
        .client({ token: "gone" })
        .call("userInfo")
        .catch((error: unknown) => expect(isApiError(error) && error.status).toBe(401));
      // No `dependsOn`: a user's bookings are never kept, nor a write's answer.
      await api.client({ token: "a" }).call("bookings");
      await api.client({ token: "a" }).call("quote", { body: { serviceId: "s", slotId: "x", tickets: [] } });
    }
    expect(api.calls()).toBe(8);
  });

  it("keeps a catalog page per query", async () => {
    const api = countingApi();
    await api.client().call("experiences", { query: { q: "kayak" } });
    await api.client().call("experiences", { query: { q: "kayak" } });
    await api.client().call("experiences", { query: { q: "pizza" } });
    expect(api.calls()).toBe(2);
  });

  it("drops an answer when a topic it depends on changes, and only then", async () => {
    const api = countingApi();
    const facets = () => api.client().call("facets"); // depends on the catalog
    const availability = () =>
      api.client().call("availability", { params: { parentId: "p", serviceId: "s" }, query: {} }); // on the seats
    await facets();
    await availability();
    expect(api.calls()).toBe(2);
    topicsChanged(["seats"]);
    await facets();
    expect(api.calls()).toBe(2);
    await availability();
    expect(api.calls()).toBe(3);
    topicsChanged(["user"]);
    await facets();
    await availability();
    expect(api.calls()).toBe(3);
    topicsChanged(["catalog"]);
    await facets();
    await availability();
    expect(api.calls()).toBe(4);
  });

  it("drops everything when anything may have changed unheard", async () => {
    const api = countingApi();
    await api.client({ token: "all" }).call("userInfo");
    await api.client().call("facets");
    everythingChanged();
    await api.client({ token: "all" }).call("userInfo");
    await api.client().call("facets");
    expect(api.calls()).toBe(4);
  });

  it("does not keep an answer fetched while a topic it depends on changed", async () => {
    const api = heldApi();
    const first = api.client.call("facets");
    topicsChanged(["catalog"]);
    api.release();
    expect(await first).toEqual({ calls: 1 });
    expect(await api.client.call("facets")).toEqual({ calls: 2 });
  });
});

describe("the web's read cache under load", () => {
  it("asks the API once for callers that come while an answer is on its way", async () => {
    const { client, release, calls } = heldApi("herd");
    const all = Promise.all([client.call("userInfo"), client.call("userInfo"), client.call("userInfo")]);
    release();
    expect(await all).toEqual([{ calls: 1 }, { calls: 1 }, { calls: 1 }]);
    expect(calls()).toBe(1);
  });

  it("lets the callers that wait for a failed answer ask for themselves", async () => {
    let calls = 0;
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const client = createApiClient({
      baseUrl: "http://localhost",
      token: "fails-first",
      readCache,
      retryDelayMs: 0,
      transport: async () => {
        calls++;
        if (calls === 1) {
          await gate;
          return Response.json({ error: { code: "user_not_found", message: "no" } }, { status: 404 });
        }
        return Response.json({ data: { calls } });
      },
    });
    const first = client.call("userInfo").catch((error: unknown) => (isApiError(error) ? error.status : error));
    const second = client.call("userInfo");
    answer();
    expect(await first).toBe(404);
    expect(await second).toEqual({ calls: 2 });
  });
});

describe("the web's read cache past its time", () => {
  it("gives the last answer while one caller fetches the next", async () => {
    let calls = 0;
    let answer!: () => void;
    let gate: Promise<void> = Promise.resolve();
    const client = createApiClient({
      baseUrl: "http://localhost",
      token: "renewed",
      readCache,
      transport: async () => {
        calls++;
        const n = calls;
        await gate;
        return Response.json({ data: { n } });
      },
    });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      expect(await client.call("userInfo")).toEqual({ n: 1 });
      vi.setSystemTime(start + 6_000);
      gate = new Promise<void>((resolve) => (answer = resolve));
      const renewing = client.call("userInfo");
      expect(await client.call("userInfo")).toEqual({ n: 1 });
      answer();
      expect(await renewing).toEqual({ n: 2 });
      expect(await client.call("userInfo")).toEqual({ n: 2 });
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
