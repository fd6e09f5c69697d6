import { expect, test, type Page } from "./guarded-test";
import { findBookableDay } from "./booking-helpers";
import { expectAxeClean } from "./console-helpers";
import { PASSWORD, signWaiver, uniqueEmail } from "./identity-helpers";

/**
 * A new visitor from the details page to the pay page (issue 31, items 7 and 8): every step says
 * where they are and what they are booking; the pay page says when (with its zone), until when
 * the booking can be cancelled for free, where to meet, who operates it, and how to change it.
 */
const ZONE = String.raw`([A-Z]{2,5}|GMT[+-]\d{1,2}(:\d\d)?)`;
const DATE_TIME = String.raw`[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d\s[AP]M\s${ZONE}`;

type Summary = { title: string; total: string; ticket: string };

/** The demo operators each have a waiver of their own: signed after the marketplace's, a step of its own. */
const STEPS = 5;

async function expectStep(page: Page, step: number, name: string, summary: Summary) {
  const steps = page.getByRole("navigation", { name: "Booking steps" });
  await expect(steps).toContainText(`Step ${step} of ${STEPS}: ${name}`);
  await expect(steps.getByRole("listitem")).toHaveCount(STEPS);
  await expect(steps.locator('li[aria-current="step"]')).toHaveText(name);
  const box = page.getByTestId("funnel-summary");
  await expect(box).toContainText(summary.title);
  await expect(box).toContainText(`2 × ${summary.ticket}`);
  await expect(box).toContainText(summary.total);
  await expect(box.locator("time")).toHaveText(new RegExp(`^${DATE_TIME}$`));
}

test("a new visitor signs up, signs the waivers and reaches the pay page, told the step and the booking each time", async ({
  page,
  request,
}) => {
  const target = await findBookableDay(request);
  await page.goto(`/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
  const firstTicket = page.locator('input[type="number"][name^="t_"]').first();
  await firstTicket.fill("2");
  const ticketId = (await firstTicket.getAttribute("name"))!.slice(2);
  const service = await (await request.get(`/v1/experiences/${target.parentId}/services/${target.serviceId}`)).json();
  const ticket = service.data.service.ticketTypes.find((type: { id: string }) => type.id === ticketId).name as string;
  const total = (await page.getByTestId("price-total").textContent())!.trim();
  await page.getByRole("button", { name: "Continue to booking" }).click();

  // 1. Sign in (and creating an account is the same step).
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  const summary = { title, total, ticket };
  await expectStep(page, 1, "Sign in", summary);
  // The emailed link does not promise "no password": a new account sets one after it.
  await expect(page.getByText(/No password needed/)).toHaveCount(0);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expectStep(page, 1, "Sign in", summary);
  // No booking needs a postal address: it is optional and folded away.
  await expect(page.getByLabel("Street address")).toBeHidden();
  await expectAxeClean(page);
  await page.getByLabel("Email").fill(uniqueEmail("funnel"));
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  // 3. The marketplace's waiver, then the operator's (the names were given: nothing else to ask).
  await expect(page).toHaveURL(/\/waiver\?/);
  await expectStep(page, 3, "Marketplace waiver", summary);
  await signWaiver(page, "Ada Lovelace");
  await expect(page).toHaveURL(/\/waiver\?.*account=/);
  await expectStep(page, 4, "Operator's waiver", summary);
  await signWaiver(page, "Ada Lovelace");

  // 4. The pay page.
  await expect(page).toHaveURL(/\/confirm\?/);
  const steps = page.getByRole("navigation", { name: "Booking steps" });
  await expect(steps).toContainText(`Step ${STEPS} of ${STEPS}: Review and pay`);
  await expect(page.getByTestId("confirm-when")).toHaveText(new RegExp(`^${DATE_TIME}$`));
  await expect(page.getByTestId("confirm-cancellation")).toHaveText(
    new RegExp(`^Free cancellation until ${DATE_TIME}, with a full refund\\.$`),
  );
  const deadline = await page.getByTestId("confirm-cancellation").textContent();
  await expect(page.getByTestId("confirm-meeting-point")).not.toBeEmpty();
  await expect(page.getByTestId("confirm-operator")).not.toBeEmpty();
  await expect(page.getByTestId("price-total")).toHaveText(total);
  await expectAxeClean(page);
  // Change: back to the details page with the same day, time and tickets.
  await page.getByTestId("confirm-change").click();
  await expect(page).toHaveURL(
    new RegExp(`/experiences/${target.parentId}/${target.serviceId}\\?.*slot=${target.slot.id}`),
  );
  expect(new URL(page.url()).searchParams.get("date")).toBe(target.date);
  expect([...new URL(page.url()).searchParams.values()]).toContain("2");
  // Back at the widget, which says the same deadline for the chosen time as the pay page did.
  expect(new URL(page.url()).hash).toBe("#book");
  await expect(page.getByTestId("slot-free-cancellation")).toHaveText(deadline!);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in page on the way to a booking shows the step and the booking", async ({ page, request }) => {
    const target = await findBookableDay(request);
    const service = await (await request.get(`/v1/experiences/${target.parentId}/services/${target.serviceId}`)).json();
    const ticket = service.data.service.ticketTypes[0];
    const confirm = `/experiences/${target.parentId}/${target.serviceId}/confirm?slot=${target.slot.id}&t_${ticket.id}=2`;
    await page.goto(confirm);
    await expect(page).toHaveURL(/\/login\?redirectUrl=/);
    const steps = page.getByRole("navigation", { name: "Booking steps" });
    await expect(steps).toContainText(`Step 1 of ${STEPS}: Sign in`);
    await expect(page.getByTestId("funnel-summary")).toContainText(`2 × ${ticket.name}`);
    await expect(page.getByTestId("funnel-summary").locator("time")).toHaveText(new RegExp(`^${DATE_TIME}$`));
    // The change link keeps the selection, without JavaScript too.
    await page.getByRole("link", { name: /^Change/ }).click();
    await expect(page).toHaveURL(new RegExp(`slot=${target.slot.id}`));
  });
});
