import { readFile } from "node:fs/promises";
import { expect, type APIRequestContext, type Page } from "./guarded-test";
import { origin } from "./helpers";
import { parseCsv } from "../support/csv";

/**
 * What the specs of a booking's extras (issue 46) share: the owner's steps on an experience's
 * questions, add-ons and pickup points pages, a family's tickets, the pay page's guest blocks, the
 * pickup's local time and the manifest's CSV.
 */

type TicketType = { id: string; code: string; name: string };

/** A service's adult and child ticket types (their ids and names). */
export async function familyTicketsOf(request: APIRequestContext, experienceId: string, serviceId: string) {
  const service = await (await request.get(`${origin()}/v1/experiences/${experienceId}/services/${serviceId}`)).json();
  const types = service.data.service.ticketTypes as TicketType[];
  return { adult: types.find((type) => type.code === "adult")!, child: types.find((type) => type.code === "child")! };
}

/** From the departure's details page to the pay page with so many tickets of each type (by ticket type id). */
export async function chooseTickets(
  page: Page,
  experienceId: string,
  target: { serviceId: string; date: string; slotId: string },
  tickets: Record<string, number>,
) {
  await page.goto(`/experiences/${experienceId}/${target.serviceId}?date=${target.date}`);
  await page.locator(`input[name="slot"][value="${target.slotId}"]`).check();
  for (const [id, count] of Object.entries(tickets)) await page.locator(`input[name="t_${id}"]`).fill(String(count));
  await page.getByRole("button", { name: "Continue to booking" }).click();
}

/** On the questions page: adds one question (label, kind, required, asked once per guest, shown only for a ticket type). */
export async function addQuestion(
  page: Page,
  question: { label: string; kind: string; min?: string; max?: string; ticket?: string },
) {
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add the question" }) });
  await form.getByLabel("Question", { exact: true }).fill(question.label);
  await form.getByLabel("Answer", { exact: true }).selectOption({ label: question.kind });
  await form.getByLabel("Asked", { exact: true }).selectOption({ label: "Once per guest" });
  await form.getByLabel("An answer is required").check();
  if (question.min) await form.getByLabel("Smallest number (number answers)").fill(question.min);
  if (question.max) await form.getByLabel("Largest number (number answers)").fill(question.max);
  if (question.ticket) {
    await form.getByLabel("Shown", { exact: true }).selectOption({ label: "Only for one ticket type" });
    await form.getByLabel("Ticket type", { exact: true }).selectOption({ label: question.ticket });
  }
  await form.getByRole("button", { name: "Add the question" }).click();
  await expect(page.getByRole("status")).toHaveText("Question added.");
  await expect(page.getByTestId("question").filter({ hasText: question.label })).toHaveCount(1);
  // The form is empty again for the next question.
  await expect(form.getByLabel("Question", { exact: true })).toHaveValue("");
  await expect(form.getByLabel("Smallest number (number answers)")).toHaveValue("");
}

/** Removes every question from the experience's questions page (its Remove buttons, one by one). */
export async function removeAllQuestions(page: Page, questionsPath: string) {
  await page.goto(questionsPath);
  const remove = page.getByRole("button", { name: /^Remove “/ });
  while ((await remove.count()) > 0) {
    const before = await remove.count();
    await remove.first().click();
    await expect(remove).toHaveCount(before - 1);
  }
}

/** A guest's block of the pay page's form (its fieldset, named "Guest N (Ticket)"). */
export const guestGroup = (page: Page, n: number, ticket: string) =>
  page.getByRole("group", { name: `Guest ${n} (${ticket})` });

/** On the add-ons page: adds an add-on sold per guest with a stock per departure. */
export async function addAddOn(page: Page, addOn: { name: string; price: string; stock: string }) {
  await page.getByLabel("Name").fill(addOn.name);
  await page.getByLabel("Price (USD)").fill(addOn.price);
  await page.getByLabel("Sold").selectOption("guest");
  await page.getByLabel("Stock", { exact: true }).selectOption("departure");
  await page.getByLabel("How many (the stock)").fill(addOn.stock);
  await page.getByRole("button", { name: "Add the add-on" }).click();
  await expect(page.getByRole("status")).toHaveText("The add-on was added.");
}

/** On the pickup points page: adds a pickup point. */
export async function addPickupPoint(page: Page, point: { name: string; address: string; minutes: string }) {
  const form = page.locator('form[aria-labelledby="new-pickup-point-heading"]');
  await form.getByLabel("Name").fill(point.name);
  await form.getByLabel("Address (optional)").fill(point.address);
  await form.getByLabel("Minutes before the departure").fill(point.minutes);
  await form.getByRole("button", { name: "Add the pickup point" }).click();
  await expect(page.getByRole("status")).toHaveText("The pickup point was added.");
}

/** "08:30": an instant's local time in a zone. */
export const clock = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);

/** On a manifest page: downloads its CSV; answers one booking's row as column → cell. */
export async function manifestCsvRowOf(page: Page, bookingId: string): Promise<Record<string, string>> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const [header, ...rows] = parseCsv(await readFile((await download.path())!, "utf8"));
  const row = rows.find((cells) => cells[header.indexOf("booking_id")] === bookingId)!;
  expect(row, `the CSV's row of ${bookingId}`).toBeDefined();
  return Object.fromEntries(header.map((column, index) => [column, row[index]]));
}
