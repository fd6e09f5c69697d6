import AxeBuilder from "@axe-core/playwright";
import { createDemoOwners } from "../../scripts/demo-owners.mjs";
import { expect, test, type Page } from "./guarded-test";
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

/** Signs in on the login page it is on: straight on to the console (no guest steps, no waiver). */
export async function signInHere(page: Page, email: string, password: string, then: RegExp) {
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(then);
}

/** Each demo operator's owner exists in the emulator (local start made them; another suite may have cleared it). */
export function withDemoOwners() {
  test.beforeAll(async () => {
    await createDemoOwners({ host: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099", projectId: PROJECT });
  });
}
