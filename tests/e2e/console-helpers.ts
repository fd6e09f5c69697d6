import AxeBuilder from "@axe-core/playwright";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { createDemoOwners } from "../../scripts/demo-owners.mjs";
import { expect, test, type Locator, type Page } from "./guarded-test";
import { origin } from "./helpers";
import { PROJECT, signInWithPassword } from "./identity-helpers";

/** What the console's specs share: acme's storefront, its demo owner, axe, signing in on the way. */
export const ACME = origin("acme.app.localhost");
export const OWNER = "owner@acme.example";

/**
 * axe's rules (but meta-viewport) on the page as shown, building the violations' nodes only. A
 * page without frames is checked in one call in the page (legacy mode); axe's default mode, needed
 * for frames of another origin, opens a second page, copies every rule's results (passes too) over
 * to it and finishes there: that took more time than the rules themselves (widths.spec.ts's trace:
 * 334 s running the rules, 325 s copying and finishing).
 */
export function axeOf(page: Page) {
  return new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .disableRules(["meta-viewport"])
    .setLegacyMode(page.frames().length === 1);
}

/** axe-core runs in the page: on with JavaScript (the markup is the same without). */
export async function expectAxeClean(page: Page) {
  const results = await axeOf(page).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`),
    `axe on ${page.url()}`,
  ).toEqual([]);
}

/** expectAxeClean for a run with `javaScriptEnabled`, nothing for one without (axe runs in the page). */
export const axeWhenScripted = (javaScriptEnabled: boolean) => async (page: Page) => {
  if (javaScriptEnabled) await expectAxeClean(page);
};

/** Signs in on the login page it is on: straight on to the console (no guest steps, no waiver). */
export async function signInHere(page: Page, email: string, password: string, then: RegExp) {
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(then);
}

/**
 * Opens a console page signed out (`path` on acme's storefront): its login, the demo owner signed in,
 * back on the page under its heading (`heading`, the h1, when given); `current`: the navigation that marks the
 * page's link as the page it is on (aria-current).
 */
export async function ownerOpens(
  page: Page,
  path: string,
  heading?: string | RegExp,
  current?: { nav: string | RegExp; link: string | RegExp },
) {
  await page.goto(`${ACME}${path}`);
  await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, new RegExp(`${path}$`));
  if (heading !== undefined) await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  if (current)
    await expect(
      page.getByRole("navigation", { name: current.nav }).getByRole("link", { name: current.link }),
    ).toHaveAttribute("aria-current", "page");
}

/** Each demo operator's owner exists in the emulator (local start made them; another suite may have cleared it). */
export function withDemoOwners() {
  test.beforeAll(async () => {
    await createDemoOwners({ host: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099", projectId: PROJECT });
  });
}

/** Today's date (YYYY-MM-DD) in a time zone, as a date field of the console takes it. */
export const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

/** On the Team page: invites `email` as `role` (the send button clicked, or double-clicked); the page says it was sent. Answers the form. */
export async function inviteToTeam(page: Page, email: string, role: string, send: "click" | "dblclick" = "click") {
  const invite = page.locator("form", {
    has: page.getByRole("button", { name: "Send the invitation", exact: true }),
  });
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption(role);
  await invite.getByRole("button", { name: "Send the invitation", exact: true })[send]();
  await expect(page.getByRole("status")).toHaveText("The invitation has been sent.");
  return invite;
}

/** The new experience form's fields; those left out are left empty. */
export interface NewExperience {
  title: string;
  summary: string;
  description: string;
  city: string;
  country: string;
  category: string;
  durationMinutes?: string;
  guests?: string;
  meetingPoint: string;
  latitude?: string;
  longitude?: string;
  language?: string;
  included?: string;
  cancellationPolicy: string;
}

/** On the new experience page: fills the form, field by field as a person does, and creates the draft. */
export async function createDraftExperience(page: Page, fields: NewExperience) {
  await page.getByLabel("Title").fill(fields.title);
  await page.getByLabel("Summary").fill(fields.summary);
  await page.getByLabel("Description").fill(fields.description);
  await page.getByLabel("City").fill(fields.city);
  await page.getByLabel("Country").selectOption(fields.country);
  await page.getByLabel("Category").selectOption(fields.category);
  if (fields.durationMinutes) await page.getByLabel("Duration (minutes)").fill(fields.durationMinutes);
  if (fields.guests) await page.getByLabel("Guests per departure").fill(fields.guests);
  await page.getByLabel("Meeting point").fill(fields.meetingPoint);
  if (fields.latitude) await page.getByLabel("Latitude (optional)").fill(fields.latitude);
  if (fields.longitude) await page.getByLabel("Longitude (optional)").fill(fields.longitude);
  if (fields.language) await page.getByRole("checkbox", { name: fields.language }).check();
  if (fields.included) await page.getByLabel("What is included").fill(fields.included);
  await page.getByLabel("Cancellation policy").fill(fields.cancellationPolicy);
  await page.getByRole("button", { name: "Create the draft" }).click();
}

/**
 * On an experience's console pages: its first service's ticket types set to `rows` (name, price in
 * major units of `currency`), rows added as needed, and saved.
 */
export async function saveTicketPrices(page: Page, pages: Locator, rows: Array<[string, string]>, currency: string) {
  await pages.getByRole("link", { name: "Services and prices" }).click();
  const prices = page
    .getByTestId("service")
    .first()
    .locator("form", { has: page.getByRole("button", { name: "Save the prices" }) });
  for (const [index, [name, price]] of rows.entries()) {
    if (index > 0) {
      await prices.getByRole("button", { name: "Add a ticket type" }).click();
      await expect(prices.getByTestId("ticket-row")).toHaveCount(index + 1);
    }
    await prices.getByLabel(`Name of row ${index + 1}`).fill(name);
    await prices.getByLabel(`Price of row ${index + 1} in ${currency}`).fill(price);
  }
  await prices.getByRole("button", { name: "Save the prices" }).click();
  await expect(page.getByRole("status")).toHaveText("The prices are saved. New bookings use them from now on.");
}

/** Publishes the experience from its Details page; answers its first service's id (from "View on the storefront"). */
export async function publishExperience(page: Page, pages: Locator): Promise<string> {
  await pages.getByRole("link", { name: "Details" }).click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("The experience is published: travellers can find it and book it.");
  const storefrontPath = await page.getByRole("link", { name: "View on the storefront" }).getAttribute("href");
  return storefrontPath!.split("/")[3];
}
