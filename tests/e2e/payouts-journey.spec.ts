import { readFile } from "node:fs/promises";
import { zonedParts } from "../../contract/time-zones";
import { adminPage, adminSignsIn, approveApplication } from "./admin-helpers";
import { payWithCard, toCheckout, type Day } from "./booking-helpers";
import {
  axeWhenScripted,
  createDraftExperience,
  publishExperience,
  saveTicketPrices,
  signInHere,
  withDemoOwners,
} from "./console-helpers";
import { productNow } from "./day-helpers";
import { expect, test, type Page } from "./guarded-test";
import { origin } from "./helpers";
import { createCompleteUser, PASSWORD, signInWithPassword, uniqueEmail } from "./identity-helpers";

/**
 * Issue 45's "done when", end to end in the sandbox: a new operator's owner onboards payouts and
 * pays out daily with no hold; a traveller pays $100.00 ($97.09 and the 3 % service fee) at the
 * platform's 15 % commission; the money page shows $85.00 pending and $15.00 of platform fees;
 * the owner refunds $40.00 ($51.00 and $9.00); once the departure has started the test clock runs
 * the day's payout of $51.00; its page, the month's statement and its CSV say the same. The
 * operator joins as issue 44's do (an application, the platform admin's approval). JavaScript on and
 * off. Each run moves the product's clock some 45 minutes forward (past its departure's start).
 */
withDemoOwners();

const PHONE = "+1 212 555 0142";
const ZONE = "America/New_York";

/** A figure of the money page's balance: pending, available, inTransit, paidOut, platformFees. */
const figure = (page: Page, name: string) => page.getByTestId("balance").locator(`[data-figure="${name}"]`);

/** An instant's month (YYYY-MM) in the operator's zone: a statement's month. */
function monthOf(instant: Date): string {
  const { year, month } = zonedParts(instant, ZONE);
  return `${year}-${month}`;
}

async function expectBalance(page: Page, storefront: string, figures: Record<string, string>) {
  await page.goto(`${storefront}/console/payouts`);
  for (const [name, amount] of Object.entries(figures)) await expect(figure(page, name)).toHaveText(amount);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "on" : "off";
  // Its own address each attempt (a retry applies again, as a new user).
  const SLUG = `hudson-kayak-${mode}-${Date.now().toString(36)}`;
  const BUSINESS = `Hudson Kayak Tours${javaScriptEnabled ? "" : " (no JS)"}`;
  const STOREFRONT = origin(`${SLUG}.app.localhost`);
  test.describe(`operators get paid, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("an owner onboards payouts; $100.00 paid at 15 % is $85.00 and $15.00; a $40.00 refund leaves $51.00 and $9.00; the payout of $51.00 agrees with the statement and its CSV", async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(300_000);
      const axe = axeWhenScripted(javaScriptEnabled);

      // 1. A new operator: its application (the form is operators-join's), approved by the platform admin.
      const owner = await createCompleteUser(request, uniqueEmail("payouts-owner"), PASSWORD);
      const applied = await request.post(`${origin()}/v1/operator-applications`, {
        headers: { Authorization: `Bearer ${owner.idToken}` },
        data: {
          businessName: BUSINESS,
          slug: SLUG,
          country: "US",
          currency: "USD",
          timezone: ZONE,
          contactEmail: owner.email,
          contactPhone: PHONE,
          description: "Sunset paddles on the Hudson from Pier 26, since 2012.",
          website: "https://hudson-kayak.example",
        },
      });
      expect(applied.status()).toBe(201);
      const { admin, close } = await adminPage(browser, javaScriptEnabled);
      try {
        await adminSignsIn(admin, () => axe(admin));
        await approveApplication(admin, { slug: SLUG, business: BUSINESS, fact: PHONE }, () => axe(admin));
      } finally {
        await close();
      }

      // 2. Its owner onboards payouts from the money page (the sandbox's onboarding), and sets the
      // schedule: every day, any amount, no hold after the departure.
      await page.goto(`${STOREFRONT}/console/payouts`);
      await signInHere(page, owner.email, PASSWORD, /\/console\/payouts$/);
      await expect(page.getByTestId("payout-account-state")).toContainText("Not set up.");
      await axe(page);
      await page.getByTestId("payout-account").getByRole("button", { name: "Set up payouts" }).click();
      await expect(page).toHaveURL(/\/sandbox\/onboarding\//);
      await expect(page.getByText(`Payout account of ${BUSINESS}`)).toBeVisible();
      await axe(page);
      await page.getByRole("button", { name: "Complete onboarding" }).click();
      await expect(page).toHaveURL(/\/console\/payouts/);
      await expect(page.getByTestId("payout-account-state")).toContainText("Ready.");
      const schedule = page.getByTestId("schedule-form");
      await schedule.getByLabel("How often").selectOption("daily");
      await schedule.getByLabel("Minimum payout (USD)").fill("0");
      await schedule.getByLabel("Hold after each departure").selectOption("0");
      await schedule.getByRole("button", { name: "Save the schedule" }).click();
      await expect(page.getByRole("status")).toHaveText("The payout schedule is saved.");
      await expect(page.getByTestId("payout-schedule")).toContainText("Every day");
      await axe(page);
      // Free cancellation until the departure starts: the $40.00 refund below is then within the
      // policy and shared in proportion (past the window it would be the operator's goodwill alone).
      await page.goto(`${STOREFRONT}/console/check-in`);
      await page.getByLabel("Free cancellation").selectOption("0");
      await page.getByRole("button", { name: "Save setting" }).click();
      await expect(page.getByRole("status")).toHaveText("Check-in setting saved.");
      await expect(page.getByLabel("Free cancellation")).toHaveValue("0");

      // 3. An experience at $97.09, one departure 45 minutes from the product's clock, published.
      await page.goto(`${STOREFRONT}/console/experiences/new`);
      const title = `Sunset paddle ${Date.now().toString(36)}`;
      await createDraftExperience(page, {
        title,
        summary: "Paddle past the Statue of Liberty at sunset.",
        description: "Two hours on the Hudson in sit-on-top kayaks, with a guide.",
        city: "New York",
        country: "US",
        category: "water",
        durationMinutes: "120",
        guests: "10",
        meetingPoint: "Pier 26, Hudson River Park, New York, NY 10013",
        cancellationPolicy: "Free cancellation until the departure starts.",
      });
      await expect(page.getByRole("status")).toHaveText("The experience has been created as a draft.");
      const experienceId = /\/console\/experiences\/([^/?]+)$/.exec(page.url())![1];
      const pages = page.getByRole("navigation", { name: `Pages of ${title}` });
      await saveTicketPrices(page, pages, [["Adult", "97.09"]], "USD");
      await pages.getByRole("link", { name: "Schedule" }).click();
      const startsAt = new Date((await productNow(request)).getTime() + 45 * 60_000);
      const local = zonedParts(startsAt, ZONE);
      const oneOff = page.locator("form", { has: page.getByRole("button", { name: "Add the departure" }) });
      await oneOff.getByLabel("Date").fill(`${local.year}-${local.month}-${local.day}`);
      await oneOff.getByLabel("Start time").fill(`${local.hour}:${local.minute}`);
      await oneOff.getByRole("button", { name: "Add the departure" }).click();
      // The departures page lists it, in the experience's zone.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Departures: ${title}`);
      await expect(page.getByRole("link", { name: /^Cancel the departure of .+ E[SD]T$/ })).toHaveCount(1);
      const serviceId = await publishExperience(page, pages);
      const days = (
        await (
          await request.get(`${origin()}/v1/experiences/${experienceId}/services/${serviceId}/availability`)
        ).json()
      ).data.days as Day[];
      const day = days.find((candidate) => candidate.slots.length > 0)!;
      const slot = day.slots[0];
      expect(Date.parse(slot.startsAt)).toBe(Math.floor(startsAt.getTime() / 60_000) * 60_000);

      // 4. A traveller books one Adult on the storefront and pays $100.00 with the sandbox card.
      const traveller = await (await browser.newContext({ javaScriptEnabled })).newPage();
      const guest = await createCompleteUser(request, uniqueEmail("payouts-guest"));
      await traveller.goto(`${STOREFRONT}/login`);
      await signInWithPassword(traveller, guest.email, guest.password);
      await expect(traveller).not.toHaveURL(/\/login/);
      await toCheckout(
        traveller,
        { parentId: experienceId, serviceId, date: day.date, slot },
        // A new operator asks for no waiver of its own.
        { from: `${STOREFRONT}/experiences/${experienceId}/${serviceId}?date=${day.date}`, waiver: false },
      );
      await expect(traveller.getByText("$100.00").first()).toBeVisible();
      const soldAt = await productNow(request);
      await payWithCard(traveller, "4242 4242 4242 4242");
      await expect(traveller.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
      const bookingId = /\/(bk_[^/?]+)/.exec(traveller.url())![1];
      await traveller.context().close();

      // 5. The money page: $85.00 pending, $15.00 of platform fees; the booking's page says the same split.
      await expectBalance(page, STOREFRONT, {
        pending: "$85.00",
        available: "$0.00",
        paidOut: "$0.00",
        platformFees: "$15.00",
      });
      await page.goto(`${STOREFRONT}/console/bookings/${bookingId}`);
      const money = page.getByTestId("money");
      await expect(money.locator("div", { hasText: "You receive" })).toContainText("$85.00");

      // 6. The owner refunds $40.00: $51.00 is the operator's, $9.00 the platform's.
      const refund = page.locator("form#refund");
      await expect(page.getByTestId("refund-goodwill")).toHaveCount(0);
      await refund.getByLabel(/^Amount to refund/).fill("40");
      await refund.getByLabel(/^Reason/).fill("The sunset was hidden by fog");
      await refund.getByRole("button", { name: "Refund" }).click();
      await expect(page.getByRole("status")).toHaveText("The refund is recorded; the guest has been told.");
      await expect(money.locator("div", { hasText: "You receive" })).toContainText("$51.00");
      await expectBalance(page, STOREFRONT, {
        pending: "$51.00",
        available: "$0.00",
        paidOut: "$0.00",
        platformFees: "$9.00",
      });
      await expect(page.getByTestId("next-payout")).toContainText("Nothing is ready to be paid out");

      // 7. The test clock passes the departure's start: the day's due work releases $51.00 and pays it out.
      const payoutAt = new Date(Date.parse(slot.startsAt) + 60_000);
      const moved = await request.post(`${origin()}/v1/dev/clock`, { data: { now: payoutAt.toISOString() } });
      expect(moved.status()).toBe(200);
      await expectBalance(page, STOREFRONT, {
        pending: "$0.00",
        available: "$0.00",
        paidOut: "$51.00",
        platformFees: "$9.00",
      });
      const payouts = page.getByRole("table", { name: "Your payouts, newest first" });
      await expect(payouts.getByRole("row")).toHaveCount(2);
      await expect(payouts.getByRole("row").nth(1)).toContainText("$51.00");
      await expect(payouts.getByRole("row").nth(1)).toContainText("Paid");
      await axe(page);
      await payouts.getByRole("row").nth(1).getByRole("link").first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payout of $51.00");
      await expect(page.getByRole("table")).toContainText(/WF-[0-9A-Z]{4}-[0-9A-Z]{4}/);
      await expect(page.getByRole("table")).toContainText("$51.00");
      await axe(page);

      // 8. The statement of the month of the sale (in the operator's zone, by the product's clock) and
      // its CSV agree; the statement of the payout's month lists it.
      const month = monthOf(soldAt);
      await page.goto(`${STOREFRONT}/console/payouts?month=${month}`);
      const statement = page.getByRole("region", { name: /^Statement for / });
      const row = statement.getByRole("row").filter({ hasText: /WF-[0-9A-Z]{4}-[0-9A-Z]{4}/ });
      await expect(row).toHaveCount(1);
      for (const amount of ["$100.00", "$9.00", "$40.00", "$51.00"]) await expect(row).toContainText(amount);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        statement.getByRole("link", { name: /statement \(CSV\)$/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`statement-${SLUG}-${month}.csv`);
      const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
      expect(lines[0]).toBe("booking,experience,service,departure,gross,platform_fee,refunds,tips,net");
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(title);
      const booked = lines[1].split(",");
      const figures = ["100.00 USD", "9.00 USD", "40.00 USD", "0.00 USD", "51.00 USD"];
      expect(booked.slice(-5)).toEqual(figures);
      expect(lines.at(-1)!.split(",").slice(-5)).toEqual(figures);
      await page.goto(`${STOREFRONT}/console/payouts?month=${monthOf(payoutAt)}`);
      await expect(statement).toContainText(/Paid out in [A-Z][a-z]+ \d{4}: \$51\.00/);
      await axe(page);
    });
  });
}
