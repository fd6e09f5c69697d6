import { describe, expect, it } from "vitest";
import * as contactRoute from "~/routes/_default.contact";
import * as privacyRoute from "~/routes/_default.privacy";
import * as termsRoute from "~/routes/_default.terms";
import { seedDbForThisFile } from "../support/api";
import { args, outcome, pageRequest } from "../support/routes";

seedDbForThisFile();

const STOREFRONT = "harbor.app.localhost:3000";

describe("pages every shop has", () => {
  it("/terms and /privacy speak for the marketplace, or for the operator on their storefront", async () => {
    const terms = await outcome(() => termsRoute.loader(args(pageRequest("/terms")) as never));
    expect(terms.status).toBe(200);
    expect(terms.data.title).toBe("Terms of booking");
    const text = JSON.stringify(terms.data.sections);
    expect(text).toContain("Wayfarer is a marketplace");
    expect(text).toContain("cancellation deadline");

    const storefront = await outcome(() =>
      termsRoute.loader(args(pageRequest("/terms", { host: STOREFRONT })) as never),
    );
    expect(JSON.stringify(storefront.data.sections)).toContain("run and sold by Harbor & Tide");

    const privacy = await outcome(() => privacyRoute.loader(args(pageRequest("/privacy")) as never));
    expect(privacy.data.sections.map((section: { heading: string }) => section.heading)).toEqual([
      "What we keep",
      "What we use it for",
      "Cookies",
      "How long",
      "Your rights",
    ]);
    expect(JSON.stringify(privacy.data.sections)).toContain("support@localhost");
  });

  it("/contact gives the operator's email, phone and address on their storefront", async () => {
    const market = await outcome(() => contactRoute.loader(args(pageRequest("/contact")) as never));
    expect(market.data).toMatchObject({ name: "Wayfarer", email: "support@localhost", phone: null, storefront: false });

    const harbor = await outcome(() =>
      contactRoute.loader(args(pageRequest("/contact", { host: STOREFRONT })) as never),
    );
    expect(harbor.data).toMatchObject({
      name: "Harbor & Tide",
      email: "ola@harbor-tide.example",
      phone: "+351 21 555 0187",
      address: "Rua da Ribeira Nova 12, 1200-369 Lisboa, Portugal",
      timezone: "Europe/Lisbon",
      storefront: true,
    });
  });
});
