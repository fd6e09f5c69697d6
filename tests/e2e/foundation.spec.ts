import { expect, test } from "./guarded-test";
import { origin, rawGet } from "./helpers";

test.describe("catalog", () => {
  test("home lists the demo catalog, searches and filters", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Things to do/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your next experience");
    const cards = page.getByTestId("experience-list").getByRole("listitem");
    await expect(cards).toHaveCount(12);
    await expect(page.getByRole("status")).toContainText(/\d+ experiences/);

    await page.getByLabel("Search experiences").fill("pizza");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=pizza/);
    await expect(cards.first()).toContainText(/pizza/i);

    await page.goto("/");
    await page.getByLabel("Category").selectOption({ index: 1 });
    const category = await page.getByLabel("Category").inputValue();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`category=${category}`));
    await expect(cards.first()).toBeVisible();
  });

  test("paginates", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  });

  test("a category slug shows that slice; a city slug too", async ({ page }) => {
    await page.goto("/");
    const firstCategory = await page.getByLabel("Category").locator("option").nth(1).getAttribute("value");
    await page.goto(`/${firstCategory}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("experiences");
    await expect(page.getByLabel("Category")).toHaveCount(0);
    const firstCity = await page.getByLabel("City").locator("option").nth(1).getAttribute("value");
    await page.goto(`/${firstCity}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Things to do in");
  });

  test("opens an experience's details", async ({ page }) => {
    await page.goto("/");
    const first = page.getByTestId("experience-list").getByRole("link").first();
    const title = await first.textContent();
    await first.click();
    await expect(page).toHaveURL(/\/experiences\/[\w-]+\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!.trim());
    await expect(page.getByRole("heading", { name: "Choose a date" })).toBeVisible();
    await expect(page.getByRole("grid").first()).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("search works as a plain form", async ({ page }) => {
      await page.goto("/");
      await page.getByLabel("Search experiences").fill("food");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/q=food/);
      await expect(page.getByTestId("experience-list").getByRole("listitem").first()).toBeVisible();
    });
  });
});

test.describe("operator storefronts (account_direct)", () => {
  test("acme.app.localhost shows Acme's branded storefront, noindex", async ({ page }) => {
    const response = await page.goto(`${origin("acme.app.localhost")}/`);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByTestId("storefront-hero")).toContainText("Acme Adventures");
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--brand-primary"),
    );
    expect(primary.trim()).not.toBe("15 118 110");
    const operators = await page.getByTestId("experience-list").getByRole("listitem").allTextContents();
    expect(operators.length).toBeGreaterThan(0);
  });

  test("the public site has no noindex", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test("an unknown operator slug redirects to /404, which renders", async ({ page }) => {
    const response = await page.goto(`${origin("nosuchoperator.app.localhost")}/`);
    expect(response?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe("/404");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Page Not Found");
    // Private paths too: straight to /404, not to the sign-in page first.
    const account = await page.goto(`${origin("nosuchoperator.app.localhost")}/account`);
    expect(account?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe("/404");
  });

  test("a host outside the base domains gets 400 and no page built from it", async () => {
    const response = await rawGet("/", "evil.example.com");
    expect(response.status).toBe(400);
    expect(response.body).not.toContain("evil.example.com");
    expect((await rawGet("/v1/health", "evil.example.com")).status).toBe(400);
  });
});

test.describe("routing rules", () => {
  test("a trailing slash is removed by redirect, query kept", async ({ request }) => {
    const response = await request.get("/experiences/a/b/?x=1", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/experiences/a/b?x=1");
  });

  test("an unmatched path is 404 'Page not found: {fullPath}', with a search and a way home", async ({ page }) => {
    const response = await page.goto("/no-such-thing?from=newsletter");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Page Not Found");
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /no-such-thing?from=newsletter");
    await expect(page.locator("p", { hasText: /^404$/ })).toBeVisible();
    const search = page.getByRole("search");
    await search.getByLabel("Search experiences").fill("kayak");
    await search.getByRole("button").click();
    await expect(page).toHaveURL(/\/\?q=kayak$/);
    await expect(page.getByTestId("experience-list")).toBeVisible();
  });

  test("/404 renders the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/404");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Page Not Found");
  });

  test("invalid route params are 404 'Page Not Found: {path}'", async ({ page }) => {
    const response = await page.goto("/experiences/%20/x");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Page Not Found: /experiences/%20/x");
    const unknown = await page.goto("/experiences/no-such-experience/no-such-service");
    expect(unknown?.status()).toBe(404);
  });

  test("a private route without a user redirects to /login with redirectUrl", async ({ page }) => {
    await page.goto("/account/bookings?x=1");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectUrl")).toBe("/account/bookings?x=1");
  });

  test("the API is mounted at /v1 with one error envelope", async ({ request }) => {
    const health = await request.get("/v1/health");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ data: { status: "ok" } });
    const missing = await request.get("/v1/experiences/does-not-exist");
    expect(missing.status()).toBe(404);
    const body = await missing.json();
    expect(body.error.code).toBeTruthy();
    expect(body.requestId).toBe(missing.headers()["x-request-id"]);
  });
});

test.describe("security headers", () => {
  test("pages carry a nonce CSP; pages, /v1 answers, redirects and errors carry nosniff", async ({ request }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    const csp = first.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // A new nonce for every answer, and the page's scripts carry it.
    expect(second.headers()["content-security-policy"]).not.toBe(csp);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    // A sign-in page is the same form for every visitor without a cookie; with one it is private.
    expect((await request.get("/login")).headers()["cache-control"]).toMatch(/^public, /);
    const withCookie = await request.get("/login", { headers: { Cookie: "mkt=x" } });
    expect(withCookie.headers()["cache-control"]).toBe("private, no-store");
    expect(first.headers()["cache-control"] ?? "").not.toContain("private");
    for (const answer of [
      first,
      await request.get("/v1/health"),
      await request.get("/v1/nope"),
      await request.get("/account", { maxRedirects: 0 }),
      await request.get("/nope-nope"),
    ]) {
      expect(answer.headers()["x-content-type-options"], answer.url()).toBe("nosniff");
    }
  });
});

test.describe("shell", () => {
  test("viewport, icons, theme colour and language", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.headers()["content-language"]).toBe("en-US");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute("content", /user-scalable=no/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#ffffff");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("sizes", "180x180");
    for (const size of ["32x32", "16x16"]) {
      const href = await page.locator(`link[rel="icon"][sizes="${size}"]`).getAttribute("href");
      expect((await page.request.get(href!)).status()).toBe(200);
    }
    // A first visit sets no language cookie (the page stays cacheable); choosing a language does.
    expect((await page.context().cookies()).find((cookie) => cookie.name === "lng")).toBeUndefined();
    await page.goto("/?lng=en");
    const cookies = await page.context().cookies();
    const lng = cookies.find((cookie) => cookie.name === "lng");
    expect(lng).toBeTruthy();
    expect(lng!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });

  test("utm and promo code are captured from the address into storage and a cookie", async ({ page }) => {
    await page.goto("/?utm_source=newsletter&utm_campaign=fall&promo_code=FALL10");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("promo-code"))).toBe("FALL10");
    await page.goto("/?utm_medium=email&promo_code=");
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("utm") ?? "{}")))
      .toEqual({ source: "newsletter", campaign: "fall", medium: "email" });
    expect(await page.evaluate(() => localStorage.getItem("promo-code"))).toBe("FALL10");
    const mkt = (await page.context().cookies()).find((cookie) => cookie.name === "mkt");
    expect(mkt?.httpOnly).toBe(true);
    expect(mkt?.sameSite).toBe("Lax");
  });

  test("a chunk load error reloads the page once per path", async ({ page }) => {
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.evaluate(() => sessionStorage.clear());
    const reloads: string[] = [];
    page.on("load", () => reloads.push(page.url()));
    await page.evaluate(() => {
      window.dispatchEvent(
        new ErrorEvent("error", { error: new TypeError("Failed to fetch dynamically imported module: /build/x.js") }),
      );
    });
    await expect.poll(() => reloads.length).toBe(1);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.evaluate(() => {
      window.dispatchEvent(
        new ErrorEvent("error", { error: new TypeError("Failed to fetch dynamically imported module: /build/x.js") }),
      );
    });
    await page.waitForTimeout(1000);
    expect(reloads.length).toBe(1);
  });
});
