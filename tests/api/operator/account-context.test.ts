import { describe, expect, it } from "vitest";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import { v1 } from "../../support/client";

seedDbForThisFile();

describe("GET /v1/account-context/{slug}", () => {
  it("answers the operator's branding", async () => {
    const res = await v1.accountContext({ params: { slug: "acme" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        slug: "acme",
        name: "Acme Adventures",
        tagline: expect.any(String),
        logoUrl: "/images/logos/acme.svg",
        colors: { primary: "#1D4ED8", accent: "#F97316", ink: "#0F172A" },
        currency: "USD",
        timezone: "America/New_York",
        contact: {
          email: "hello@acme-adventures.example",
          phone: "+1 212 555 0142",
          address: "220 West 26th Street, New York, NY 10001, United States",
        },
        takingBookings: true,
      },
    });
  });

  it("answers each seeded operator with its own currency and timezone", async () => {
    const harbor = await v1.accountContext({ params: { slug: "harbor" } });
    expect(harbor.body.data).toMatchObject({ name: "Harbor & Tide", currency: "EUR", timezone: "Europe/Lisbon" });
    const summit = await v1.accountContext({ params: { slug: "summit" } });
    expect(summit.body.data).toMatchObject({ currency: "CAD", timezone: "America/Vancouver" });
  });

  it("404 account_not_found for an unknown slug", async () => {
    const error = expectEnvelope(
      await v1.accountContext({ params: { slug: "nobody-here" } }),
      404,
      "account_not_found",
    );
    expect(error.message).toContain("nobody-here");
  });

  it("400 with fields for a malformed slug", async () => {
    for (const slug of ["Acme", "-acme", "a_b", "x".repeat(64)]) {
      const error = expectEnvelope(await v1.accountContext({ params: { slug } }), 400, "validation_error");
      expect(error.fields?.slug).toHaveLength(1);
    }
  });

  it("in storefront mode shows only the storefront's own context", async () => {
    const own = await v1.accountContext({ params: { slug: "acme" }, account: "acme" });
    expect(own.status).toBe(200);
    expect(own.body.data.slug).toBe("acme");
    expectEnvelope(await v1.accountContext({ params: { slug: "harbor" }, account: "acme" }), 404, "account_not_found");
  });
});
