import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { expect, test, type APIRequestContext } from "./guarded-test";
import { bookableDepartureOf, payWithCard, signIn, signOperatorWaiver } from "./booking-helpers";
import { ACME, OWNER, expectAxeClean, signInHere, withDemoOwners } from "./console-helpers";
import { addQuestion, chooseTickets, familyTicketsOf, guestGroup as guest, removeAllQuestions } from "./extras-helpers";

withDemoOwners();

/**
 * Booking questions end to end (issue 46, item 1): acme's owner asks each guest's height, whether
 * they swim and a child's age (children only); a family of two adults and a child books, the
 * child's age left out is refused naming the guest; the answers are on the booking page (and
 * changed there), the console's booking page, the manifest and the confirmation email. Each run
 * uses an experience of its own and takes its questions away at the end.
 */
const RUNS = [
  { javaScriptEnabled: true, experienceId: "hudson-river-kayak" },
  { javaScriptEnabled: false, experienceId: "boston-harbor-sunset-sail" },
];

/** The experience's first service, its adult and child ticket types, and a departure two days on or later with room for 5. */
async function familyDeparture(request: APIRequestContext, experienceId: string) {
  const departure = await bookableDepartureOf(request, experienceId, 5);
  return { ...departure, ...(await familyTicketsOf(request, experienceId, departure.serviceId)) };
}

for (const { javaScriptEnabled, experienceId } of RUNS) {
  const mode = javaScriptEnabled ? "on" : "off";
  test.describe(`booking questions, JavaScript ${mode}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(120_000);

    test("the owner asks height, swimming and a child's age; a family books, answers shown and changed everywhere", async ({
      page,
      browser,
      request,
    }) => {
      const departure = await familyDeparture(request, experienceId);
      const { adult, child } = departure;

      // The owner adds the three questions.
      const questionsPath = `${ACME}/console/experiences/${experienceId}/questions`;
      await page.goto(questionsPath);
      await signInHere(page, OWNER, DEMO_OWNER_PASSWORD, /\/questions$/);
      try {
        await addQuestion(page, { label: "Height (cm)", kind: "Number", min: "50", max: "230" });
        await addQuestion(page, { label: "Can you swim?", kind: "Yes or no" });
        await addQuestion(page, { label: "Child's age", kind: "Number", ticket: child.name });
        if (javaScriptEnabled) await expectAxeClean(page);

        // A traveller books two adults and a child.
        const context = await browser.newContext({ javaScriptEnabled });
        const traveller = await context.newPage();
        const user = await signIn(traveller, request);
        await chooseTickets(traveller, experienceId, departure, { [adult.id]: 2, [child.id]: 1 });
        await signOperatorWaiver(traveller);
        await expect(traveller.getByTestId("guest-answers")).toHaveCount(3);
        for (const [n, ticket, height] of [
          [1, adult.name, "180"],
          [2, adult.name, "165"],
          [3, child.name, "120"],
        ] as const) {
          await guest(traveller, n, ticket).getByLabel("Height (cm)").fill(height);
          await guest(traveller, n, ticket)
            .getByLabel("Can you swim?")
            .selectOption(n === 2 ? "no" : "yes");
        }
        // Only the child is asked their age; left empty, the booking is refused naming the guest.
        await expect(guest(traveller, 1, adult.name).getByLabel("Child's age")).toHaveCount(0);
        await traveller.getByRole("button", { name: /^Pay / }).click();
        const age = guest(traveller, 3, child.name).getByLabel("Child's age");
        await expect(guest(traveller, 3, child.name)).toContainText(
          `Guest 3 (${child.name}), “Child's age”: Answer this question.`,
        );
        await expect(age).toHaveAttribute("aria-invalid", "true");
        // What was typed is kept.
        await expect(guest(traveller, 2, adult.name).getByLabel("Height (cm)")).toHaveValue("165");
        if (javaScriptEnabled) await expectAxeClean(traveller);
        await age.fill("8");
        await traveller.getByRole("button", { name: /^Pay / }).click();
        await payWithCard(traveller, "4242 4242 4242 4242");
        await expect(traveller).toHaveURL(/\/return\/bk_/);
        const bookingId = /\/return\/(bk_[^/?]+)/.exec(traveller.url())![1];

        // The booking page shows them, and changes one until the cut-off.
        await traveller.goto(`/account/booking/${bookingId}`);
        const shown = traveller.getByTestId("booking-answers");
        await expect(shown.getByTestId("answer-group")).toHaveText([
          `Guest 1 (${adult.name})Height (cm)180Can you swim?Yes`,
          `Guest 2 (${adult.name})Height (cm)165Can you swim?No`,
          `Guest 3 (${child.name})Height (cm)120Can you swim?YesChild's age8`,
        ]);
        const form = traveller.getByTestId("answers-form");
        await form
          .getByRole("group", { name: `Guest 1 (${adult.name})` })
          .getByLabel("Height (cm)")
          .fill("20");
        await form.getByRole("button", { name: "Save the answers" }).click();
        await expect(traveller.getByTestId("answers-form")).toContainText(
          `Guest 1 (${adult.name}), “Height (cm)”: This number is below the smallest the question allows.`,
        );
        if (javaScriptEnabled) await expectAxeClean(traveller);
        await form
          .getByRole("group", { name: `Guest 1 (${adult.name})` })
          .getByLabel("Height (cm)")
          .fill("182");
        await form.getByRole("button", { name: "Save the answers" }).click();
        await expect(traveller.getByRole("status")).toHaveText("Your answers are saved.");
        await expect(shown.getByTestId("answer-group").first()).toContainText("182");

        // The confirmation email lists them (the dev mailbox: text and HTML).
        await traveller.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
        const mail = traveller.getByTestId("mail").filter({ hasText: "Booking confirmed" });
        await expect(mail.getByTestId("mail-text")).toContainText(
          `Guest 3 (${child.name}): Height (cm): 120; Can you swim?: yes; Child's age: 8`,
        );
        await expect(mail.frameLocator('[data-testid="mail-html"]').locator("body")).toContainText(
          `Guest 2 (${adult.name}): Height (cm): 165; Can you swim?: no`,
        );
        await context.close();

        // The console's booking page and the manifest show them.
        await page.goto(`${ACME}/console/bookings/${bookingId}`);
        const facts = page.getByTestId("booking-answers");
        await expect(facts.getByTestId("answer-group")).toHaveCount(3);
        await expect(facts.getByTestId("answer-group").nth(2)).toContainText(`Guest 3 (${child.name})`);
        await expect(facts.getByTestId("answer-group").nth(2)).toContainText("Child's age8");
        await expect(facts.getByTestId("answer-group").first()).toContainText("Height (cm)182");
        if (javaScriptEnabled) await expectAxeClean(page);
        await page.goto(`${ACME}/console/manifest?date=${departure.date}`);
        const row = page.locator(`[data-testid="manifest-booking"][data-booking-id="${bookingId}"]`);
        await expect(row.getByTestId("answer-group")).toHaveCount(3);
        await expect(row.getByTestId("answer-group").nth(1)).toContainText("Can you swim?No");
        await expect(row.getByTestId("answer-group").nth(2)).toContainText("Child's age8");
        if (javaScriptEnabled) await expectAxeClean(page);
      } finally {
        // The seeded experience asks nothing again (other specs share the server).
        await removeAllQuestions(page, questionsPath);
      }
    });
  });
}
