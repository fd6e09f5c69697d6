import { describe, expect, it } from "vitest";
import { api, expectEnvelope, seedDbForThisFile } from "../../support/api";
import { v1, v1Path } from "../../support/client";

seedDbForThisFile();

async function allItems(query: string, account?: string) {
  const res = await api(`${v1Path("experiences")}?pageSize=48&${query}`, { account });
  expect(res.status).toBe(200);
  return res.body.data as { items: { id: string; operator: { slug: string } }[]; total: number };
}

describe("X-Account-Context scoping", () => {
  it("public mode lists every operator's experiences", async () => {
    const page = await allItems("");
    const operators = new Set(page.items.map((item) => item.operator.slug));
    expect([...operators].sort()).toEqual(["acme", "harbor", "olive", "summit"]);
    expect(page.total).toBe(page.items.length);
  });

  it("acme sees only acme experiences, and the counts add up", async () => {
    const everything = await allItems("");
    const acme = await allItems("", "acme");
    expect(acme.total).toBeGreaterThan(0);
    expect(acme.items.every((item) => item.operator.slug === "acme")).toBe(true);
    expect(acme.total).toBe(everything.items.filter((item) => item.operator.slug === "acme").length);
  });

  it("a storefront filtering on another operator gets nothing", async () => {
    const page = await allItems("operator=harbor", "acme");
    expect(page.total).toBe(0);
    expect(page.items).toEqual([]);
  });

  it("a foreign experience is 404 in a storefront, visible in public mode", async () => {
    expect((await v1.experience({ params: { parentId: "lisbon-sunset-sail" } })).status).toBe(200);
    expectEnvelope(
      await v1.experience({ params: { parentId: "lisbon-sunset-sail" }, account: "acme" }),
      404,
      "not_found",
    );
    expect((await v1.experience({ params: { parentId: "lisbon-sunset-sail" }, account: "harbor" })).status).toBe(200);
  });

  it("a foreign service is 404 in a storefront", async () => {
    const detail = await v1.experience({ params: { parentId: "lisbon-sunset-sail" } });
    const serviceId = detail.body.data.services[0].id;
    const path = v1Path("service", { params: { parentId: "lisbon-sunset-sail", serviceId } });
    expect((await api(path, { account: "harbor" })).status).toBe(200);
    expectEnvelope(await api(path, { account: "summit" }), 404, "not_found");
  });

  it("facets are scoped to the storefront", async () => {
    const res = await v1.facets({ account: "summit" });
    expect(res.status).toBe(200);
    expect(res.body.data.operators).toEqual([{ slug: "summit", name: "Summit Trails", count: expect.any(Number) }]);
    expect(res.body.data.cities.map((city: { slug: string }) => city.slug).sort()).toEqual(["vancouver", "whistler"]);
  });

  it("the header's slug is case-insensitive and trimmed", async () => {
    const page = await allItems("", "  ACME ");
    expect(page.items.every((item) => item.operator.slug === "acme")).toBe(true);
  });

  it.each([["unknown-operator"], ["not a slug!"], [""]])(
    "an unknown or invalid account header is a 404 (%j)",
    async (account) => {
      for (const path of [
        v1Path("experiences"),
        v1Path("facets"),
        v1Path("experience", { params: { parentId: "lisbon-sunset-sail" } }),
        v1Path("accountContext", { params: { slug: "acme" } }),
      ]) {
        expectEnvelope(await api(path, { account }), 404, "account_not_found");
      }
    },
  );

  it("answers carry Vary: X-Account-Context", async () => {
    const res = await v1.experiences({ account: "acme" });
    expect(res.headers.get("Vary")).toContain("X-Account-Context");
  });
});
