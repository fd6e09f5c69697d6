import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./guarded-test";
import { findBookableDay, signIn } from "./booking-helpers";
import { origin } from "./helpers";

/**
 * axe-core on every page, signed out and in, on the marketplace and on a storefront: no
 * violations. `meta-viewport` is left out: the spec disables zoom.
 */
async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("load");
  const results = await new AxeBuilder({ page }).disableRules(["meta-viewport"]).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ")}`,
  );
  expect(found, `axe on ${path}`).toEqual([]);
}

const PUBLIC_PAGES = [
  "/",
  "/lisbon",
  "/water",
  "/harbor",
  "/login",
  "/login?view=signup",
  "/reset-password",
  "/terms",
  "/privacy",
  "/contact",
  "/no-such-page",
  "/404",
  "/gratuity/not-a-key",
  "/referral/NOSUCHCODE",
  "/gift-cards",
  "/gift-cards/2345-6789-ABCD-EFGH",
];

test.describe("accessibility (axe-core), signed out", () => {
  for (const path of PUBLIC_PAGES) test(path, async ({ page }) => expectNoViolations(page, path));

  test("a details page, before and after choosing a date", async ({ page, request }) => {
    const target = await findBookableDay(request, 1);
    const path = `/experiences/${target.parentId}/${target.serviceId}`;
    await expectNoViolations(page, path);
    await expectNoViolations(page, `${path}?date=${target.date}`);
  });

  test("a storefront", async ({ page, request }) => {
    const target = await findBookableDay(request, 1);
    for (const path of ["/", "/contact"]) await expectNoViolations(page, `${origin("harbor.app.localhost")}${path}`);
    await expectNoViolations(
      page,
      `${origin("acme.app.localhost")}/experiences/${target.parentId}/${target.serviceId}`,
    );
  });
});

test.describe("accessibility (axe-core), signed in", () => {
  test("the account area and the booking steps", async ({ page, request }) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    const target = await findBookableDay(request, 1);
    for (const path of [
      "/account",
      "/account/bookings",
      "/account/personal-info",
      "/account/security",
      "/account/notifications",
      "/account/payments",
      "/account/waitlist",
      `/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`,
      "/waiver?account=acme",
    ])
      await expectNoViolations(page, path);
  });
});
