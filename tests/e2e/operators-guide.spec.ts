import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, type Page } from "./guarded-test";
import { ACME, OWNER, signInHere, withDemoOwners } from "./console-helpers";
import { EXPERIENCE, todaysBooking } from "./day-helpers";

/**
 * docs/operators.md, page by page: the demo owner of acme signs in and opens each page the guide
 * describes, each checked by its heading. With SCREENSHOTS=1 each page is also saved as the
 * guide's picture (docs/images/operators/, 1280 × 800): `SCREENSHOTS=1 npx playwright test
 * tests/e2e/operators-guide.spec.ts` after a change to those pages.
 */
const SCREENSHOTS = process.env.SCREENSHOTS === "1";

test.use({ viewport: { width: 1280, height: 800 } });
// Pictures take their time on a busy machine.
test.slow(SCREENSHOTS);

/** Opens `path`, checks its main heading and, when asked, saves the guide's picture `name`. */
async function visit(page: Page, path: string, heading: RegExp | string, name: string) {
  await page.goto(`${ACME}${path}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await shoot(page, name);
}

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  // What loads after the page (the charts, the calendar) is in the picture too.
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `docs/images/operators/${name}.png` });
}

withDemoOwners();

test("an owner's first day: every page docs/operators.md walks through", async ({ page }) => {
  // 1. Sign in: the console's sign-in page names the business.
  await page.goto(`${ACME}/console`);
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Sign in to the .+ console$/);
  await shoot(page, "01-sign-in");
  await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/console$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ console$/);
  await shoot(page, "02-home");

  // 2–8: the console's sections, in the guide's order.
  await visit(page, "/console/branding", "Branding", "03-branding");
  await visit(page, "/console/team", "Team", "04-team");
  await visit(page, "/console/experiences", "Experiences", "05-experiences");
  await visit(page, "/console/experiences/new", "New experience", "06-new-experience");
  const experience = `/console/experiences/${EXPERIENCE}`;
  await visit(page, experience, /\S/, "07-experience");
  await visit(page, `${experience}/photos`, "Photos", "08-photos");
  await visit(page, `${experience}/prices`, /\S/, "09-prices");
  await visit(page, `${experience}/schedule`, /^Schedule: /, "10-schedule");
  await visit(page, `${experience}/departures`, /\S/, "11-departures");
  await visit(page, "/console/check-in", "Check-in", "13-check-in");
  await visit(page, "/console/reports", "Reports", "15-reports");
  await visit(page, "/console/gift-cards", "Gift cards", "16-gift-cards");
  await visit(page, "/console/audit-log", "Audit log", "17-audit-log");
});

test("an owner's day: the manifest with a booking, and that booking's page", async ({ page, request }) => {
  const booked = await todaysBooking(request);
  await page.goto(`${ACME}/console/manifest?date=${booked.date}`);
  await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/console\/manifest\?date=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Manifest for /);
  await expect(page.locator(`a[href$="/console/bookings/${booked.bookingId}"]`).first()).toBeVisible();
  await shoot(page, "12-manifest");
  await visit(page, `/console/bookings/${booked.bookingId}`, /\S/, "14-booking");
});
