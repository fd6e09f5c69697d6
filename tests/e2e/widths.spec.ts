import type { Browser, BrowserContext } from "@playwright/test";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, type APIRequestContext, type Page } from "./guarded-test";
import { findBookableDay, payWithCard, signIn, signOperatorWaiver } from "./booking-helpers";
import { ACME, axeOf, OWNER, withDemoOwners } from "./console-helpers";
import { EXPERIENCE, todaysBooking } from "./day-helpers";
import { origin } from "./helpers";
import { createCompleteUser, latestMail, signInWithPassword, uniqueEmail } from "./identity-helpers";

/**
 * Every page at 360 and 390 px (phones) and 1280 px (a laptop): nothing scrolls sideways
 * (document.scrollingElement.scrollWidth <= clientWidth), the header's labels stay on one line
 * and apart, no text is cut off, and axe finds nothing (every rule but meta-viewport: the spec
 * disables zoom) at the phone's width and the laptop's. This is the product's accessibility check
 * of every page, signed out and in, on the marketplace and on storefronts. One signed-in traveller with one booking
 * (and its tip link) serves every signed-in page; the demo owner of acme every console page, where
 * only a table may scroll sideways, inside a named, focusable region with a visible cue (issue 40).
 *
 * This file moves the product's test clock forward (for the tip link), so its name sorts it last.
 */
const PHONE = { width: 390, height: 844 };
/** Each page is loaded once at a phone's width, then looked at 360 and 1280 px wide. */
const WIDTHS = [PHONE, { width: 360, height: 780 }, { width: 1280, height: 800 }];

/**
 * A browser window of a phone's width, signed in with `storageState` or not. Not an emulated
 * mobile device: its layout width follows every resize (an emulated one kept the first width).
 */
async function browserWindow(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>) {
  const context = await browser.newContext({ viewport: PHONE, storageState });
  return context.newPage();
}

/**
 * What is wrong with the layout of the page as shown: sideways scroll, wrapped or touching header
 * items, cut text. `tablesSayTheyScroll` (the console): a box that scrolls sideways must hold a
 * table and say so: a region with a name, in the tab order, described by a visible cue.
 */
function layoutProblems({ tablesSayTheyScroll }: { tablesSayTheyScroll: boolean }) {
  const problems: string[] = [];
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > root.clientWidth || root.scrollWidth > window.innerWidth) {
    // The widest elements that stick out, to say where.
    const wide = [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join(".")}`);
    problems.push(`scrolls sideways: ${root.scrollWidth} > ${window.innerWidth} (${wide.join(" | ")})`);
  }
  const header = document.querySelector("header");
  if (header) {
    const items = [...header.querySelectorAll<HTMLElement>("a, button")].filter((item) => item.offsetParent !== null);
    // A label that wraps: one of its visible text nodes spans more than one line.
    const wraps = (element: Element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || (node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) return true;
      }
      return false;
    };
    for (const item of items) if (wraps(item)) problems.push(`header item on two lines: "${item.textContent}"`);
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++) {
        if (items[i].contains(items[j]) || items[j].contains(items[i])) continue;
        const [a, b] = [items[i].getBoundingClientRect(), items[j].getBoundingClientRect()];
        if (a.width === 0 || b.width === 0 || a.top >= b.bottom || b.top >= a.bottom) continue;
        // Items of one row: at least 4 px apart.
        if (Math.max(b.left - a.right, a.left - b.right) < 4)
          problems.push(`header items touch: "${items[i].textContent}" and "${items[j].textContent}"`);
      }
  }
  for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
    const style = getComputedStyle(element);
    if (style.textOverflow === "ellipsis" && element.scrollWidth > element.clientWidth)
      problems.push(`text cut off: "${element.textContent?.trim().slice(0, 40)}"`);
    if (!tablesSayTheyScroll || !/auto|scroll/.test(style.overflowX) || element.scrollWidth <= element.clientWidth + 1)
      continue;
    const byIds = (attribute: string) =>
      (element.getAttribute(attribute) ?? "")
        .split(/\s+/)
        .map((id) => (id ? document.getElementById(id) : null))
        .filter((found): found is HTMLElement => found !== null);
    const name =
      element.getAttribute("aria-label") ??
      byIds("aria-labelledby")
        .map((label) => label.textContent)
        .join(" ");
    const cue = byIds("aria-describedby").find((hint) => hint.getClientRects().length > 0 && hint.textContent?.trim());
    const what = `${element.tagName.toLowerCase()} (${element.scrollWidth} > ${element.clientWidth})`;
    if (!element.querySelector("table")) problems.push(`a box without a table scrolls sideways: ${what}`);
    if (element.getAttribute("role") !== "region" || !name?.trim())
      problems.push(`a table scrolls sideways in a box that is no named region: ${what}`);
    if (element.tabIndex < 0) problems.push(`a table scrolls sideways in a box the keyboard cannot reach: ${what}`);
    if (!cue) problems.push(`a table scrolls sideways without a visible cue: ${what} "${name}"`);
  }
  return problems;
}

async function axeProblems(page: Page) {
  const results = await axeOf(page).analyze();
  return results.violations.map(
    (violation) =>
      `axe ${violation.id}: ${violation.nodes
        .slice(0, 2)
        .map((node) => node.target.join(" "))
        .join(" | ")}`,
  );
}

/**
 * Opens `url` and adds what is wrong at each width to `found`. The page is loaded once; axe runs
 * at the phone's width and at the laptop's (the two layouts: what shows on one may be hidden on
 * the other); 360 px has the phone's layout, so only the layout checks run there.
 */
async function check(found: string[], page: Page, url: string, { tablesSayTheyScroll = false } = {}) {
  await page.setViewportSize(PHONE);
  await page.goto(url);
  // What loads after the page (the calendar) takes its room too.
  await page.waitForLoadState("networkidle");
  const report = (width: number, problems: string[]) => {
    for (const problem of problems) {
      found.push(`${width}px ${url}: ${problem}`);
      console.log(`${width}px ${url}: ${problem}`);
    }
  };
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    report(size.width, await page.evaluate(layoutProblems, { tablesSayTheyScroll }));
    if (size.width === PHONE.width || size.width >= 1024) report(size.width, await axeProblems(page));
  }
}

/** A departure at least two days after the product's clock (which other files move forward). */
async function bookableAfterClock(request: APIRequestContext) {
  const clock = await (await request.get(`${origin()}/v1/dev/clock`)).json();
  return findBookableDay(request, 1, Date.parse(clock.data.now));
}

withDemoOwners();

test("no console page scrolls sideways at 360, 390 or 1280 px but inside a table that says it scrolls, and axe finds nothing", async ({
  page,
  request,
  browser,
}) => {
  // Some five minutes when the machine is shared (axe on each page, twice).
  test.setTimeout(900_000);
  const found: string[] = [];
  // A booking of today (the manifest has a card), an invitation (its page is the console's too).
  const booked = await todaysBooking(request);
  const invitee = uniqueEmail("widths-invitee");
  await createCompleteUser(request, invitee);
  await page.goto(`${ACME}/console/team`);
  await signInWithPassword(page, OWNER, DEMO_OWNER_PASSWORD);
  await expect(page).toHaveURL(/\/console\/team$/);
  const invite = page.locator("form", { has: page.getByRole("button", { name: "Send the invitation", exact: true }) });
  await invite.getByLabel("Email").fill(invitee);
  await invite.getByRole("button", { name: "Send the invitation", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("The invitation has been sent.");
  const invitation = (await latestMail(request, invitee)).link;

  // The desk's pages that need ids: the traveller as a customer, the experience to book at the desk.
  await page.goto(`${ACME}/console/customers?q=${encodeURIComponent(booked.traveller.email)}`);
  const customer = await page
    .locator(`[data-testid="customer-row"][data-email="${booked.traveller.email}"]`)
    .getByRole("link")
    .getAttribute("href");
  await page.goto(`${ACME}/console/bookings/new`);
  const toBook = await page
    .locator("#staff-experience option", { hasText: "Brooklyn Bridge Sunrise Walk" })
    .getAttribute("value");

  const owner = await browserWindow(browser, await page.context().storageState());
  const experience = `/console/experiences/${EXPERIENCE}`;
  for (const path of [
    "/console",
    `/console/manifest?date=${booked.date}`,
    "/console/check-in",
    "/console/experiences",
    "/console/experiences/new",
    experience,
    `${experience}/photos`,
    `${experience}/prices`,
    `${experience}/schedule`,
    `${experience}/departures`,
    `/console/departures/${booked.slotId}/waitlist`,
    `/console/bookings/${booked.bookingId}`,
    "/console/bookings/bk_no_such_booking",
    `/console/bookings?q=${booked.reference}`,
    "/console/bookings/new",
    `/console/bookings/new?experience=${toBook}`,
    `/console/bookings/new?experience=${toBook}&departure=${booked.slotId}`,
    `/console/departures/${booked.slotId}/move`,
    "/console/calendar",
    "/console/calendar?view=month",
    "/console/customers",
    customer!,
    "/console/reports",
    "/console/gift-cards",
    "/console/payouts",
    "/console/resellers",
    "/console/branding",
    "/console/team",
    "/console/audit-log",
  ])
    await check(found, owner, `${ACME}${path}`, { tablesSayTheyScroll: true });
  await check(found, owner, invitation, { tablesSayTheyScroll: true });
  await owner.context().close();
  expect(found).toEqual([]);
});

test("no page scrolls sideways at 360, 390 or 1280 px, and axe finds nothing", async ({ page, request, browser }) => {
  // About a minute on an idle machine; far more when the machine is shared.
  test.setTimeout(600_000);
  const found: string[] = [];

  // One signed-in traveller with one paid booking; each booking step checked as it is reached.
  const user = await signIn(page, request);
  const signedIn = await browserWindow(browser, await page.context().storageState());
  const signedOut = await browserWindow(browser);
  const target = await bookableAfterClock(request);
  const details = `/experiences/${target.parentId}/${target.serviceId}`;
  await page.goto(`${details}?date=${target.date}`);
  await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
  await page.locator('input[type="number"][name^="t_"]').first().fill("1");
  await page.getByRole("button", { name: "Continue to booking" }).click();
  await signOperatorWaiver(page);
  const confirm = new URL(page.url());
  await check(found, signedIn, confirm.pathname + confirm.search);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await check(found, signedIn, new URL(page.url()).pathname);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
  const returned = new URL(page.url()).pathname;
  const bookingId = /\/return\/(bk_[^/?]+)/.exec(returned)![1];
  await page.goto("/account");
  const invitation = new URL(await page.getByLabel("Your invitation link").inputValue()).pathname;

  for (const path of [
    returned,
    "/account",
    "/account/bookings",
    "/account/bookings/cancelled",
    "/account/notifications",
    "/account/payments",
    "/account/personal-info",
    "/account/security",
    "/account/waitlist",
    `/account/booking/${bookingId}`,
    `/account/receipt/${bookingId}`,
    "/waiver?account=acme",
    invitation,
    "/",
    `${details}?date=${target.date}`,
  ])
    await check(found, signedIn, path);

  for (const path of [
    "/",
    "/lisbon",
    "/water",
    "/harbor",
    details,
    "/login",
    "/login?view=signup",
    "/reset-password",
    "/set-password",
    "/terms",
    "/privacy",
    "/contact",
    "/no-such-page",
    "/404",
    invitation,
    "/referral/NOSUCHCODE",
    "/gratuity/not-a-key",
    "/gift-cards",
    "/gift-cards/2345-6789-ABCD-EFGH",
    `${origin("acme.app.localhost")}/`,
    `${origin("harbor.app.localhost")}/`,
    `${origin("acme.app.localhost")}${details}`,
    `${origin("harbor.app.localhost")}/contact`,
  ])
    await check(found, signedOut, path);

  // A storefront's name is drawn inside its logo: it must fit there, whatever the font.
  for (const slug of ["acme", "harbor", "summit", "olive"]) {
    await page.goto(`/images/logos/${slug}.svg`);
    const overflow = await page.evaluate(() => {
      const svg = document.querySelector("svg")!;
      return [...svg.querySelectorAll("text")]
        .filter((text) => text.getBBox().x + text.getBBox().width > svg.viewBox.baseVal.width)
        .map((text) => `"${text.textContent}" is cut at ${svg.viewBox.baseVal.width}px`);
    });
    found.push(...overflow.map((problem) => `logo of ${slug}: ${problem}`));
  }

  // The tip link, half an hour after the trip.
  const moved = await request.post(`${origin()}/v1/dev/clock`, {
    data: { now: new Date(Date.parse(target.slot.endsAt) + 31 * 60_000).toISOString() },
  });
  expect(moved.status()).toBe(200);
  const outbox = await (
    await request.get(`${origin()}/v1/dev/outbox?to=${encodeURIComponent(user.email)}&limit=50`)
  ).json();
  const mail = outbox.data.find((message: { kind: string }) => message.kind === "tip_request");
  await check(found, signedOut, new URL(/https?:\/\/\S+\/gratuity\/\S+/.exec(mail.textBody)![0]).pathname);

  for (const viewer of [signedIn, signedOut]) await viewer.context().close();
  expect(found).toEqual([]);
});
