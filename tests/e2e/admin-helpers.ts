import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { generate } from "otplib/functional";
import { DEMO_OWNER_PASSWORD, DEMO_PLATFORM_ADMIN } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, type Browser, type Page } from "./guarded-test";
import { e2eDataDir } from "../../scripts/e2e-data-dir.mjs";
import { origin, PORT } from "./helpers";
import { signInWithPassword } from "./identity-helpers";

/**
 * The demo platform admin (the seed's) in the browser: signing in at /admin with its authenticator
 * app (set up on its first visit of the run; its codes computed here from the key the page shows)
 * and approving an application. Shared by the specs in which an operator joins.
 */
export const ADMIN = DEMO_PLATFORM_ADMIN.email;

/**
 * The admin's authenticator key once set up (the first test to need it sets it up) and its last
 * code's step, kept beside this run's database (.data-e2e-PORT, new each run) so that a test after a
 * failed one (a new worker), or another spec, still has them.
 */
const ADMIN_APP_FILE = `${e2eDataDir(PORT)}/operators-join-admin-app.json`;
const readAdminApp = (): { secret: string | null; lastStep: number } =>
  existsSync(ADMIN_APP_FILE) ? JSON.parse(readFileSync(ADMIN_APP_FILE, "utf8")) : { secret: null, lastStep: 0 };
const keepAdminApp = (app: { secret: string | null; lastStep: number }) =>
  writeFileSync(ADMIN_APP_FILE, JSON.stringify(app));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A code of the admin's app that was not used yet (a code counts once): the current step's, after
 * waiting for a step later than the last one used (a code of a step ahead of the clock is refused
 * once it is more than one step ahead, as several sign-ins in one minute would ask), and never in
 * a step's last 5 seconds.
 */
async function freshCode(secret: string): Promise<string> {
  const { lastStep } = readAdminApp();
  const nextStart = (lastStep + 1) * 30_000;
  if (Date.now() < nextStart) await sleep(nextStart - Date.now() + 500);
  if (30 - ((Date.now() / 1000) % 30) < 5) await sleep((30 - ((Date.now() / 1000) % 30) + 1) * 1000);
  const step = Math.floor(Date.now() / 30_000);
  keepAdminApp({ secret, lastStep: step });
  return generate({ secret, epoch: step * 30 });
}

/**
 * The admin signs in on their own page (/admin answers 404 until then: they go to the sign-in page
 * themselves); the first time they are sent to set up an authenticator app, after that they give a code.
 */
export async function adminSignsIn(page: Page, axe: () => Promise<void>) {
  // Signed out, /admin is the page an unknown address gets: no sign-in redirect, no hint.
  const response = await page.goto(`${origin()}/admin`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  await expect(page.getByTestId("error-message")).toHaveText("Page not found: /admin");
  await page.goto(`${origin()}/login?redirectUrl=%2Fadmin`);
  await signInWithPassword(page, ADMIN, DEMO_OWNER_PASSWORD);
  const { secret: adminSecret } = readAdminApp();
  if (!adminSecret) {
    await expect(page).toHaveURL(/\/account\/security\?redirectUrl=%2Fadmin$/);
    const section = page.getByRole("region", { name: "Two-step sign-in" });
    await section.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secret = (await section.getByTestId("totp-secret").innerText()).trim();
    await section.getByLabel("Code the app shows").fill(await freshCode(secret));
    await section.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Your authenticator app is set up.");
    await page.goto(`${origin()}/admin`);
  } else {
    await expect(page).toHaveURL(/\/two-step\?redirectUrl=%2Fadmin$/);
    await page.getByLabel("6-digit code").fill(await freshCode(adminSecret));
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/applications$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Applications to sell");
  await axe();
}

/** The admin's own browser (JavaScript as the test's). */
export async function adminPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { admin: await context.newPage(), close: () => context.close() };
}

/**
 * On the admin's applications list: opens the application for `slug` (its page names the business
 * and lists `fact` among the application's facts) and approves it.
 */
export async function approveApplication(
  admin: Page,
  application: { slug: string; business: string; fact: string },
  axe: () => Promise<void>,
) {
  const { slug, business, fact } = application;
  const row = admin.locator(`[data-testid="application-row"][data-slug="${slug}"]`);
  await row.getByRole("link").click();
  await expect(admin.getByRole("heading", { level: 1 })).toContainText(`Application: ${business}`);
  await expect(admin.getByTestId("application-facts")).toContainText(fact);
  await axe();
  await admin.getByRole("button", { name: "Approve the application" }).click();
  await expect(admin.getByRole("status")).toHaveText(
    "Approved: the operator and its storefront are created, and the applicant is emailed.",
  );
  await expect(admin.getByTestId("storefront-link")).toHaveAttribute("href", origin(`${slug}.app.localhost`));
  await axe();
}
