import { expect, test } from "./guarded-test";
import { findBookableDay } from "./booking-helpers";
import { origin, rawGet } from "./helpers";

/** What search engines and shares read: titles, descriptions, canonical links, structured data, robots and the sitemap. */
test.describe("found and shared", () => {
  test("the catalog has a canonical address, a description and Open Graph and Twitter tags", async ({ page }) => {
    await page.goto("/?city=lisbon&utm_source=newsletter");
    await expect(page).toHaveTitle("Things to do · Wayfarer");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin()}/`);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description!.length).toBeGreaterThan(50);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Things to do · Wayfarer");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^http:\/\/localhost:\d+\/images\//,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  });

  test("a details page: breadcrumbs to its city and category, and a Product with its adult price", async ({
    page,
    request,
  }) => {
    const target = await findBookableDay(request, 1);
    await page.goto(`/experiences/${target.parentId}/${target.serviceId}`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link")).toHaveCount(3);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    const product = data.find((item: { "@type": string }) => item["@type"] === "Product");
    expect(product.offers).toMatchObject({ "@type": "Offer", priceCurrency: expect.stringMatching(/^[A-Z]{3}$/) });
    expect(product.offers.price).toMatch(/^\d+\.\d\d$/);
    const breadcrumb = data.find((item: { "@type": string }) => item["@type"] === "BreadcrumbList");
    expect(breadcrumb.itemListElement).toHaveLength(3);
    await crumbs.getByRole("link").nth(1).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Things to do in");
  });

  test("a storefront's titles carry the operator's name and it stays out of search engines", async ({ page }) => {
    await page.goto(`${origin("harbor.app.localhost")}/`);
    await expect(page).toHaveTitle(/ · Harbor & Tide$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    // Node cannot resolve *.localhost: these go to the server with the storefront's Host header.
    const storefront = `harbor.app.localhost:${new URL(origin()).port}`;
    // Crawlers may fetch its pages, so that they read the noindex.
    expect((await rawGet("/robots.txt", storefront)).body).toBe("User-agent: *\nAllow: /\n");
    expect((await rawGet("/sitemap.xml", storefront)).status).toBe(404);
  });

  test("robots.txt keeps crawlers out of private pages and names the sitemap, which lists the public pages", async ({
    request,
  }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /account");
    expect(robots).toContain(`Sitemap: ${origin()}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain(`${origin()}/`);
    expect(locs).toContain(`${origin()}/lisbon`);
    expect(locs).toContain(`${origin()}/terms`);
    expect(locs.filter((loc) => loc.includes("/experiences/")).length).toBeGreaterThan(10);
  });
});
