import { expect, type APIRequestContext, type Page } from "./guarded-test";
import { origin } from "./helpers";
import { createCompleteUser, signInWithPassword, signWaiver } from "./identity-helpers";

/** What the booking tests share: a bookable departure, signing in, the operator's waiver, paying. */
export type Day = {
  date: string;
  seatsLeft: number;
  slots: Array<{ id: string; seatsLeft: number; capacity: number; startsAt: string; endsAt: string }>;
};

/**
 * An experience, one of its services and a day with at least `seats` free seats in one slot,
 * two days after `now` or later (well before any cancellation cutoff, whatever the time of day).
 */
export async function findBookableDay(request: APIRequestContext, seats = 2, now = Date.now()) {
  const earliest = new Date(now + 2 * 86_400_000).toISOString().slice(0, 10);
  const list = await (await request.get(`${origin()}/v1/experiences?pageSize=48`)).json();
  for (const item of list.data.items) {
    const availability = await (
      await request.get(`${origin()}/v1/experiences/${item.id}/services/${item.firstServiceId}/availability`)
    ).json();
    const day = (availability.data.days as Day[]).find(
      (candidate) => candidate.date >= earliest && candidate.slots.some((slot) => slot.seatsLeft >= seats + 2),
    );
    if (day) {
      const slot = day.slots.find((candidate) => candidate.seatsLeft >= seats + 2)!;
      return { parentId: item.id as string, serviceId: item.firstServiceId as string, date: day.date, slot };
    }
  }
  throw new Error("no bookable day in the demo data");
}

/**
 * A departure of `experienceId`'s first service, two days from now or later, that `fits` (its
 * seats left and capacity): its service, day and slot, and the zone its times are in.
 */
export async function departureOf(
  request: APIRequestContext,
  experienceId: string,
  fits: (slot: { seatsLeft: number; capacity: number }) => boolean,
) {
  const detail = await (await request.get(`${origin()}/v1/experiences/${experienceId}`)).json();
  const serviceId: string = detail.data.services[0].id;
  const earliest = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const availability = await (
    await request.get(`${origin()}/v1/experiences/${experienceId}/services/${serviceId}/availability`)
  ).json();
  const day = (availability.data.days as Day[]).find((one) => one.date >= earliest && one.slots.some(fits))!;
  const slot = day.slots.find(fits)!;
  return {
    serviceId,
    date: day.date,
    slotId: slot.id,
    startsAt: slot.startsAt,
    zone: availability.data.timezone as string,
  };
}

/** A departure of `experienceId`'s first service with at least `seats` free seats (departureOf). */
export const bookableDepartureOf = (request: APIRequestContext, experienceId: string, seats = 3) =>
  departureOf(request, experienceId, (slot) => slot.seatsLeft >= seats);

/** A signed-in traveller's way to the pay page: the departure chosen with `adults` tickets, the operator's waiver signed. */
export async function toPayPage(
  page: Page,
  experienceId: string,
  target: { serviceId: string; date: string; slotId: string },
  adults: number,
) {
  await page.goto(`/experiences/${experienceId}/${target.serviceId}?date=${target.date}`);
  await page.locator(`input[name="slot"][value="${target.slotId}"]`).check();
  await page.locator('input[type="number"][name^="t_"]').first().fill(String(adults));
  await page.getByRole("button", { name: "Continue to booking" }).click();
  await signOperatorWaiver(page);
}

export async function seatsLeft(request: APIRequestContext, target: Awaited<ReturnType<typeof findBookableDay>>) {
  const availability = await (
    await request.get(`${origin()}/v1/experiences/${target.parentId}/services/${target.serviceId}/availability`)
  ).json();
  const day = (availability.data.days as Day[]).find((candidate) => candidate.date === target.date)!;
  return day.slots.find((slot) => slot.id === target.slot.id)!.seatsLeft;
}

export async function signIn(page: Page, request: APIRequestContext) {
  const user = await createCompleteUser(request);
  await page.goto("/login");
  await signInWithPassword(page, user.email, user.password);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  return user;
}

/** The first booking with an operator asks for that operator's waiver, then returns to the confirm step. */
export async function signOperatorWaiver(page: Page) {
  await expect(page).toHaveURL(/\/waiver\?redirectUrl=.*confirm.*&account=/);
  await signWaiver(page);
  await expect(page).toHaveURL(/\/confirm\?/);
}

export async function payWithCard(page: Page, card: string) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

/** Books `tickets` of the target's departure from its details page and pays with `card` (the operator's waiver on the way). */
export async function bookAndPay(
  page: Page,
  target: Awaited<ReturnType<typeof findBookableDay>>,
  { tickets = 1, card = "4242 4242 4242 4242" }: { tickets?: number; card?: string } = {},
) {
  await toCheckout(page, target, { tickets });
  await payWithCard(page, card);
}

/**
 * From the target's details page (`from`: that page's address, by default with the target's date)
 * to the checkout: its departure and `tickets`, the operator's waiver on the way (`waiver`: false for
 * an operator that has none), then "Pay".
 */
export async function toCheckout(
  page: Page,
  target: Awaited<ReturnType<typeof findBookableDay>>,
  {
    tickets = 1,
    from = `/experiences/${target.parentId}/${target.serviceId}?date=${target.date}`,
    waiver = true,
  }: { tickets?: number; from?: string; waiver?: boolean } = {},
) {
  await page.goto(from);
  await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
  await page.locator('input[type="number"][name^="t_"]').first().fill(String(tickets));
  await page.getByRole("button", { name: "Continue to booking" }).click();
  if (waiver) await signOperatorWaiver(page);
  else await expect(page).toHaveURL(/\/confirm\?/);
  await page.getByRole("button", { name: /^Pay / }).click();
}

/** Chooses the target's departure and one ticket with the widget's plain forms (date, "Show times"), then passes the operator's waiver. */
export async function chooseWithPlainForms(page: Page, target: Awaited<ReturnType<typeof findBookableDay>>) {
  await page.goto(`/experiences/${target.parentId}/${target.serviceId}`);
  await page.getByLabel("Dates with availability").selectOption(target.date);
  await page.getByRole("button", { name: "Show times" }).click();
  await page.locator(`input[name="slot"][value="${target.slot.id}"]`).check();
  await page.locator('input[type="number"][name^="t_"]').first().fill("1");
  await page.getByRole("button", { name: "Continue to booking" }).click();
  await signOperatorWaiver(page);
}
