import { describe, expect, it } from "vitest";
import { api, seedDbForThisFile } from "../../support/api";
import { v1 } from "../../support/client";

seedDbForThisFile();

describe("GET /v1/health", () => {
  it("answers ok when the database answers select 1", async () => {
    const res = await v1.health();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: "ok", database: "ok" } });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("ignores X-Account-Context", async () => {
    const res = await v1.health({ account: "no-such-operator" });
    expect(res.status).toBe(200);
  });
});

describe("X-Request-Id", () => {
  it("is generated on every response", async () => {
    const a = await v1.health();
    const b = await api("/v1/does-not-exist");
    const idA = a.headers.get("X-Request-Id");
    const idB = b.headers.get("X-Request-Id");
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).toMatch(/^[0-9a-f-]{36}$/);
    expect(idA).not.toBe(idB);
    expect(b.body.requestId).toBe(idB);
  });

  it("reuses a sane incoming id", async () => {
    const res = await v1.experience({ params: { parentId: "nope" }, headers: { "X-Request-Id": "edge-42.abc:1" } });
    expect(res.headers.get("X-Request-Id")).toBe("edge-42.abc:1");
    expect(res.body.requestId).toBe("edge-42.abc:1");
  });

  it.each([["a".repeat(129)], ["short"], ["has spaces in it"], ["<script>"], ['quote"d']])(
    "replaces an unsafe id %#",
    async (incoming) => {
      const res = await v1.health({ headers: { "X-Request-Id": incoming } });
      const id = res.headers.get("X-Request-Id");
      expect(id).not.toBe(incoming);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});
