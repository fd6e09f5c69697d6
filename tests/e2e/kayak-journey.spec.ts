import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, type Page } from "./guarded-test";
import { bookableDepartureOf, payWithCard, signIn, signOperatorWaiver } from "./booking-helpers";
import { ACME, OWNER, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import {
  addAddOn,
  addPickupPoint,
  addQuestion,
  chooseTickets,
  clock,
  familyTicketsOf,
  guestGroup,
  manifestCsvRowOf,
  removeAllQuestions,
} from "./extras-helpers";

withDemoOwners();

/**
 * The kayak journey, issue 46's done-when, JavaScript on and off: acme's owner asks each guest's
 * height and whether they swim, a child's age (children only), sells a wetsuit per guest (4 per
 * departure) and requires a pickup ("Hotel Riverside", 30 minutes before); a traveller books two
 * adults and a child with two wetsuits and the hotel pickup, a child's missing age is refused naming the
 * guest; the booking page, the confirmation email, the manifest and its CSV show the answers, the
 * add-on and the pickup time. On the seeded "hudson-river-kayak" (its first service sells adult and
 * child tickets; booking-questions.spec.ts books it too, the specs run one at a time); everything
 * the owner added is taken away at the end, so the next run and the other specs start clean.
 */
const EXPERIENCE = "hudson-river-kayak";
const CONSOLE = `${ACME}/console/experiences/${EXPERIENCE}`;
const HOTEL = { name: "Hotel Riverside", address: "West St 1", minutes: "30" };

/** The pickup points page: whether every new booking must choose one. */
async function requirePickup(page: Page, required: boolean) {
  await page.getByLabel("Every new booking must choose a pickup point").setChecked(required);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(
    required ? "A pickup point is now required of every new booking." : "A pickup point is now optional.",
  );
}

/** Takes away what the owner added (whatever of it there is). */
async function cleanUp(page: Page) {
  await removeAllQuestions(page, `${CONSOLE}/questions`);
  await page.goto(`${CONSOLE}/add-ons`);
  const removeWetsuit = page.getByRole("button", { name: "Remove “Wetsuit”" });
  while ((await removeWetsuit.count()) > 0) {
    await removeWetsuit.first().click();
    await expect(page.getByRole("status")).toHaveText(/^The add-on was removed/);
  }
  await page.goto(`${CONSOLE}/pickup-points`);
  if (await page.getByLabel("Every new booking must choose a pickup point").isChecked())
    await requirePickup(page, false);
  const removeHotel = page.getByRole("button", { name: `Remove “${HOTEL.name}”` });
  if ((await removeHotel.count()) > 0) {
    await removeHotel.click();
    await expect(page.getByRole("status")).toHaveText(/^The pickup point was removed/);
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the kayak journey, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, acceptDownloads: true });
    test.setTimeout(180_000);

    test("a family books with answers, wetsuits and a hotel pickup; every page, the email and the CSV show them", async ({
      page,
      browser,
      request,
    }) => {
      const departure = await bookableDepartureOf(request, EXPERIENCE, 3);
      const { adult, child } = await familyTicketsOf(request, EXPERIENCE, departure.serviceId);
      const pickupTime = clock(new Date(departure.startsAt).getTime() - 30 * 60_000, departure.zone);

      // The owner: three questions, a wetsuit, a required hotel pickup.
      await page.goto(`${CONSOLE}/questions`);
      await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/questions$/);
      try {
        await addQuestion(page, { label: "Height (cm)", kind: "Number", min: "50", max: "230" });
        await addQuestion(page, { label: "Can you swim?", kind: "Yes or no" });
        await addQuestion(page, { label: "Child's age", kind: "Number", ticket: child.name });
        await page.goto(`${CONSOLE}/add-ons`);
        await addAddOn(page, { name: "Wetsuit", price: "8.50", stock: "4" });
        await page.goto(`${CONSOLE}/pickup-points`);
        await addPickupPoint(page, HOTEL);
        await requirePickup(page, true);

        // The traveller: two adults and a child, two wetsuits, the hotel pickup.
        const context = await browser.newContext({ javaScriptEnabled });
        const traveller = await context.newPage();
        const user = await signIn(traveller, request);
        await chooseTickets(traveller, EXPERIENCE, departure, { [adult.id]: 2, [child.id]: 1 });
        await signOperatorWaiver(traveller);
        await traveller.getByLabel(/^Wetsuit: how many/).fill("2");
        await traveller.getByRole("button", { name: "Update the total" }).click();
        await expect(traveller.getByText("2 × Wetsuit")).toBeVisible();
        const hotel = traveller.getByRole("radio", { name: `${HOTEL.name}, pickup at ${pickupTime}` });
        await hotel.check();
        const guests = [
          { n: 1, ticket: adult.name, height: "180", swims: "yes" },
          { n: 2, ticket: adult.name, height: "165", swims: "no" },
          { n: 3, ticket: child.name, height: "120", swims: "yes" },
        ];
        for (const { n, ticket, height, swims } of guests) {
          await guestGroup(traveller, n, ticket).getByLabel("Height (cm)").fill(height);
          await guestGroup(traveller, n, ticket).getByLabel("Can you swim?").selectOption(swims);
        }
        // Only the child is asked their age; left out, the booking is refused naming the guest (a
        // question shown on a condition is not required by the browser: the API judges it).
        await expect(guestGroup(traveller, 1, adult.name).getByLabel("Child's age")).toHaveCount(0);
        if (javaScriptEnabled) await expectAxeClean(traveller);
        await traveller.getByRole("button", { name: /^Pay / }).click();
        const third = guestGroup(traveller, 3, child.name);
        await expect(third).toContainText(`Guest 3 (${child.name}), “Child's age”: Answer this question.`);
        await expect(third.getByLabel("Child's age")).toHaveAttribute("aria-invalid", "true");
        // The rest is kept.
        await expect(guestGroup(traveller, 2, adult.name).getByLabel("Height (cm)")).toHaveValue("165");
        await expect(traveller.getByLabel(/^Wetsuit: how many/)).toHaveValue("2");
        await expect(hotel).toBeChecked();
        await third.getByLabel("Child's age").fill("8");
        await traveller.getByRole("button", { name: /^Pay / }).click();
        await payWithCard(traveller, "4242 4242 4242 4242");
        await expect(traveller).toHaveURL(/\/return\/bk_/);
        const bookingId = /\/return\/(bk_[^/?]+)/.exec(traveller.url())![1];

        // The booking page.
        const answers = [
          `Guest 1 (${adult.name})Height (cm)180Can you swim?Yes`,
          `Guest 2 (${adult.name})Height (cm)165Can you swim?No`,
          `Guest 3 (${child.name})Height (cm)120Can you swim?YesChild's age8`,
        ];
        const pickupSentence = `Pickup at ${pickupTime} (${departure.zone}) — ${HOTEL.name}, ${HOTEL.address}`;
        await traveller.goto(`/account/booking/${bookingId}`);
        await expect(traveller.getByTestId("booking-answers").getByTestId("answer-group")).toHaveText(answers);
        await expect(traveller.getByTestId("booking-add-ons")).toHaveText("2 × Wetsuit");
        await expect(traveller.getByTestId("booking-pickup")).toHaveText(pickupSentence);

        // The confirmation email (the dev mailbox).
        await traveller.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
        const mail = traveller.getByTestId("mail").filter({ hasText: "Booking confirmed" }).getByTestId("mail-text");
        await expect(mail).toContainText(`Guest 2 (${adult.name}): Height (cm): 165; Can you swim?: no`);
        await expect(mail).toContainText(
          `Guest 3 (${child.name}): Height (cm): 120; Can you swim?: yes; Child's age: 8`,
        );
        await expect(mail).toContainText("2 × Wetsuit ($8.50 each)");
        await expect(mail).toContainText(pickupSentence);
        await context.close();

        // The manifest of that day and its CSV.
        await page.goto(`${ACME}/console/manifest?date=${departure.date}`);
        const row = page.locator(`[data-testid="manifest-booking"][data-booking-id="${bookingId}"]`);
        await expect(row.getByTestId("answer-group")).toHaveText(answers);
        await expect(row.getByTestId("booking-pickup")).toHaveText(
          `Pickup at ${pickupTime} (${departure.zone}) — ${HOTEL.name}`,
        );
        await expect(row.getByTestId("booking-add-ons")).toHaveText("Add-ons: 2 × Wetsuit");
        const csv = await manifestCsvRowOf(page, bookingId);
        expect(csv).toMatchObject({
          add_ons: "Wetsuit x 2",
          pickup_point: HOTEL.name,
          pickup_address: HOTEL.address,
          pickup_at: `${departure.date} ${pickupTime} ${departure.zone}`,
          "Height (cm)": "Guest 1: 180 | Guest 2: 165 | Guest 3: 120",
          "Can you swim?": "Guest 1: yes | Guest 2: no | Guest 3: yes",
          "Child's age": "Guest 3: 8",
        });
      } finally {
        await cleanUp(page);
      }
    });
  });
}
