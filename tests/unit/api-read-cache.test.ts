import { describe, expect, it } from "vitest";
import { withReadCache } from "~/platform/api-read-cache.server";
import { publicDataChanged } from "../../server/public-data-version.mjs";

/** An API that answers with who asked and how many times it was asked. */
function countingApi() {
  let calls = 0;
  const transport = withReadCache(async (request) => {
    calls++;
    const status = request.headers.get("Authorization") === "Bearer gone" ? 401 : 200;
    return Response.json({ who: request.headers.get("Authorization"), calls }, { status });
  });
  return { transport, calls: () => calls };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers: { Accept: "application/json", ...headers } });

describe("the web's read cache", () => {
  it("keeps the signed-in user per token, never across tokens", async () => {
    const api = countingApi();
    const a1 = await (await api.transport(get("/v1/user/info", { Authorization: "Bearer a" }))).json();
    const a2 = await (await api.transport(get("/v1/user/info", { Authorization: "Bearer a" }))).json();
    const b = await (await api.transport(get("/v1/user/info", { Authorization: "Bearer b" }))).json();
    expect(a1).toEqual(a2);
    expect(b.who).toBe("Bearer b");
    expect(api.calls()).toBe(2);
  });

  it("never keeps a browser's cookie call, an error or a path it does not know", async () => {
    const api = countingApi();
    for (let i = 0; i < 2; i++) {
      await api.transport(get("/v1/user/info", { Cookie: "__session=x" }));
      await api.transport(get("/v1/user/info", { Authorization: "Bearer gone" }));
      await api.transport(get("/v1/experiences/e1/services/s1/quote"));
      await api.transport(get("/v1/bookings", { Authorization: "Bearer a" }));
    }
    expect(api.calls()).toBe(8);
  });

  it("keeps a catalog page per query", async () => {
    const api = countingApi();
    await api.transport(get("/v1/experiences?q=kayak"));
    await api.transport(get("/v1/experiences?q=kayak"));
    await api.transport(get("/v1/experiences?q=pizza"));
    expect(api.calls()).toBe(2);
  });

  it("forgets everything after a write", async () => {
    const api = countingApi();
    await api.transport(get("/v1/facets"));
    await api.transport(get("/v1/facets"));
    expect(api.calls()).toBe(1);
    publicDataChanged();
    await api.transport(get("/v1/facets"));
    expect(api.calls()).toBe(2);
  });
});
