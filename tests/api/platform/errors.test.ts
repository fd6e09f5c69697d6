import { describe, expect, it } from "vitest";
import { api, expectEnvelope, seedDbForThisFile } from "../../support/api";
import { v1 } from "../../support/client";

seedDbForThisFile();

describe("error envelope", () => {
  it("404 for an unknown /v1 path", async () => {
    const res = await api("/v1/no/such/endpoint");
    const error = expectEnvelope(res, 404, "not_found");
    expect(error.message).toContain("/v1/no/such/endpoint");
    expect(error.fields).toBeUndefined();
  });

  it("404 for the bare /v1 prefix and a trailing slash", async () => {
    expectEnvelope(await api("/v1"), 404, "not_found");
    expectEnvelope(await api("/v1/experiences/"), 404, "not_found");
  });

  it("404 for an unknown experience", async () => {
    const error = expectEnvelope(
      await v1.experience({ params: { parentId: "atlantis-submarine-tour" } }),
      404,
      "not_found",
    );
    expect(error.message).toContain("atlantis-submarine-tour");
  });

  it("400 with fields for bad query values", async () => {
    const res = await v1.experiences({
      query: { page: "0", pageSize: "100", sort: "cheapest", minPrice: "ten", date: "2025-02-30", city: "New York" },
    });
    const error = expectEnvelope(res, 400, "validation_error");
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["city", "date", "minPrice", "page", "pageSize", "sort"]);
    expect(error.fields?.page).toEqual(["Must be at least 1."]);
    expect(error.fields?.pageSize).toEqual(["Must be at most 48."]);
    expect(error.fields?.minPrice).toEqual(["Must be a whole number."]);
    expect(error.fields?.date).toEqual(["Not a calendar date."]);
    expect(error.fields?.sort?.[0]).toContain("price_asc");
  });

  it("400, never 500, for a date that is not even in the YYYY-MM-DD shape", async () => {
    const error = expectEnvelope(await v1.experiences({ query: { date: "tomorrow" } }), 400, "validation_error");
    expect(error.fields?.date?.[0]).toBe("Use the format YYYY-MM-DD.");
  });

  it("400 when minPrice is above maxPrice, a parameter is repeated, or q is too long", async () => {
    const range = expectEnvelope(
      await v1.experiences({ query: { minPrice: "5000", maxPrice: "1000" } }),
      400,
      "validation_error",
    );
    expect(range.fields).toEqual({ maxPrice: ["Must not be below minPrice."] });
    const repeated = expectEnvelope(
      await api("/v1/experiences?category=tours&category=water"),
      400,
      "validation_error",
    );
    expect(repeated.fields?.category).toEqual(["Give this parameter only once."]);
    const long = expectEnvelope(await v1.experiences({ query: { q: "x".repeat(101) } }), 400, "validation_error");
    expect(long.fields?.q).toEqual(["Use at most 100 characters."]);
  });

  it("400 for a malformed path id", async () => {
    const error = expectEnvelope(
      await v1.experience({ params: { parentId: "not%20an%20id" } }),
      400,
      "validation_error",
    );
    expect(error.fields?.parentId).toBeDefined();
  });

  it("405 with an Allow header for a wrong method on a known path", async () => {
    for (const [method, path] of [
      ["POST", "/v1/experiences"],
      ["DELETE", "/v1/experiences/lisbon-sunset-sail"],
      ["PUT", "/v1/health"],
      ["PATCH", "/v1/account-context/acme"],
      ["POST", "/v1/facets"],
    ]) {
      const res = await api(path, { method });
      expectEnvelope(res, 405, "method_not_allowed");
      expect(res.headers.get("Allow")).toBe("GET, HEAD");
    }
  });

  it("serves HEAD like GET without a body", async () => {
    const res = await v1.experiences();
    const head = await api("/v1/experiences", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(res.status).toBe(200);
  });

  it("never leaks a stack trace", async () => {
    const res = await v1.experiences({ query: { page: "abc" } });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
