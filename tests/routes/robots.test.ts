import { describe, expect, it } from "vitest";
import * as robotsRoute from "~/routes/robots[.]txt";
import { args, pageRequest } from "../support/routes";

const robots = async (host?: string) =>
  (robotsRoute.loader(args(pageRequest("/robots.txt", { host })) as never) as Response).text();

describe("/robots.txt", () => {
  it("keeps crawlers out of the marketplace's private pages and names its sitemap", async () => {
    const body = await robots();
    expect(body).toContain("Allow: /\n");
    expect(body).toContain("Disallow: /account\n");
    expect(body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });

  it("lets crawlers fetch a storefront's pages, so that they read its noindex", async () => {
    const body = await robots("harbor.app.localhost:3000");
    expect(body).toBe("User-agent: *\nAllow: /\n");
    expect(body).not.toContain("Disallow");
  });
});
