import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, type APIRequestContext, withJavaScriptOnAndOff } from "./guarded-test";
import { expectAxeClean, withDemoOwners } from "./console-helpers";
import { origin } from "./helpers";
import { signInWithPassword } from "./identity-helpers";

/**
 * A suspended operator (issue 44, point 4), as a traveller meets it: its storefront and its
 * experience page say it is not taking bookings, with no booking form and no error, axe clean,
 * JavaScript on and off; the marketplace's sitemap forgets its experiences; its owner's console
 * says it is suspended and why; reinstated, the form and the sitemap's entries are back at once. The suspension goes through the development door
 * (POST /v1/dev/operators/:slug/status), which does what the platform admin's suspend does.
 */
const SLUG = "olive";
const STOREFRONT = origin(`${SLUG}.app.localhost`);
const REASON = "Under review after guests' complaints.";

withDemoOwners();

const setStatus = async (request: APIRequestContext, data: { status: "active" | "suspended"; reason?: string }) => {
  const answer = await request.post(`${origin()}/v1/dev/operators/${SLUG}/status`, { data });
  expect(answer.status(), await answer.text()).toBe(200);
};

/** The path of one of the operator's experiences (its first option), as the marketplace lists it. */
async function experiencePath(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`${origin()}/v1/experiences?operator=${SLUG}&pageSize=1`);
  const [item] = (await answer.json()).data.items as Array<{ id: string; firstServiceId: string }>;
  return `/experiences/${item.id}/${item.firstServiceId}`;
}

const inSitemap = async (request: APIRequestContext, path: string) =>
  (await (await request.get(`${origin()}/sitemap.xml`)).text()).includes(path);

withJavaScriptOnAndOff("a suspended operator's storefront", (javaScriptEnabled) => {
  test("says it is not taking bookings instead of a booking form; reinstated, the form is back", async ({
    page,
    request,
  }) => {
    const path = await experiencePath(request);
    expect(await inSitemap(request, path)).toBe(true);
    await setStatus(request, { status: "suspended", reason: REASON });
    try {
      await page.goto(`${STOREFRONT}/`);
      const notice = page.getByTestId("not-taking-bookings");
      await expect(notice).toContainText("is not taking bookings right now");
      await expect(notice.getByRole("link", { name: "Your bookings" })).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);

      const answer = await page.goto(`${STOREFRONT}${path}`);
      expect(answer?.status()).toBe(200);
      await expect(page.getByTestId("not-taking-bookings")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Choose a date" })).toHaveCount(0);
      await expect(page.getByTestId("slot-form")).toHaveCount(0);
      if (javaScriptEnabled) await expectAxeClean(page);

      // The confirm step's address goes back to the page that says why.
      await page.goto(`${STOREFRONT}${path}/confirm?slot=any&t_any=1`);
      await expect(page).toHaveURL(`${STOREFRONT}${path}`);
      expect(await inSitemap(request, path)).toBe(false);

      // Its owner's console opens, saying it is suspended and why.
      await page.goto(`${STOREFRONT}/console`);
      await expect(page).toHaveURL(/\/login\?redirectUrl=/);
      await signInWithPassword(page, `owner@${SLUG}.example`, DEMO_OWNER_PASSWORD);
      await expect(page).toHaveURL(/\/console$/);
      const banner = page.getByTestId("operator-suspended");
      await expect(banner).toContainText("is suspended");
      await expect(banner).toContainText(REASON);
      if (javaScriptEnabled) await expectAxeClean(page);
    } finally {
      await setStatus(request, { status: "active" });
    }
    await page.goto(`${STOREFRONT}${path}`);
    await expect(page.getByRole("heading", { name: "Choose a date" })).toBeVisible();
    await expect(page.getByTestId("not-taking-bookings")).toHaveCount(0);
    expect(await inSitemap(request, path)).toBe(true);
  });
});
