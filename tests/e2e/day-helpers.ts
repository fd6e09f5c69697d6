import { randomUUID } from "node:crypto";
import jsQR from "jsqr";
import sharp from "sharp";
import { DEMO_OWNER_PASSWORD } from "../../api/db/seed-data/demo-owners.mjs";
import { zonedParts } from "../../contract/time-zones";
import { expect, test, type APIRequestContext, type Page } from "./guarded-test";
import { OWNER, expectAxeClean } from "./console-helpers";
import { origin } from "./helpers";
import { createCompleteUser, EMULATOR, PASSWORD, signInWithPassword, uniqueEmail } from "./identity-helpers";

/** The day's work at the meeting point (check-in, manifest): a booking today, its ticket read from the traveller's page. */

export const EXPERIENCE = "brooklyn-bridge-sunrise-walk";

/** The uid in a Firebase ID token (its payload's user_id). */
export const uidOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split(".")[1], "base64url").toString("utf8")) as { user_id: string }).user_id;

export async function ownerToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      data: { email: OWNER, password: DEMO_OWNER_PASSWORD, returnSecureToken: true },
    },
  );
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { idToken: string }).idToken;
}

/** An instant's local date and time in a zone, as a departure's form takes them (year…minute, 2 digits). */
export { zonedParts };

/** The product's test clock (GET /v1/dev/clock): later than this machine's once a spec moved it. */
export async function productNow(request: APIRequestContext): Promise<Date> {
  const answer = await request.get(`${origin()}/v1/dev/clock`);
  expect(answer.ok()).toBeTruthy();
  return new Date(((await answer.json()) as { data: { now: string } }).data.now);
}

/**
 * A departure of acme's today (its zone), some 20 minutes from now, made by the owner through the API;
 * a traveller books 2 Adults on it and pays with the sandbox card.
 */
let made = 0;
export async function todaysBooking(request: APIRequestContext) {
  const token = await ownerToken(request);
  const headers = { Authorization: `Bearer ${token}`, "X-Account-Context": "acme" };
  const listed = await (
    await request.get(`${origin()}/v1/operator/experiences/${EXPERIENCE}/departures`, { headers })
  ).json();
  const zone = listed.data.experience.timezone as string;
  // The product's clock, not this machine's: a spec run earlier may have moved it forward.
  const now = await productNow(request);
  // 20 minutes ahead or a little more (the service sells until the start): the rest of today is
  // rarely less, whenever the run is. A minute no departure of the experience starts on, off the
  // seed's round minutes (a retried test makes its departure again on the same database).
  const taken = new Set(
    (listed.data.departures as Array<{ startsAt: string }>).map((departure) => Date.parse(departure.startsAt)),
  );
  let local = new Date(0);
  for (let minutes = 20 + 7 * made++; ; minutes++) {
    local = new Date(Math.floor(now.getTime() / 60_000 + minutes) * 60_000);
    if (local.getUTCMinutes() % 5 !== 0 && !taken.has(local.getTime())) break;
  }
  const parts = zonedParts(local, zone);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(now);
  test.skip(`${parts.year}-${parts.month}-${parts.day}` !== today, "too close to midnight in the operator's zone");
  const services = await (
    await request.get(`${origin()}/v1/operator/experiences/${EXPERIENCE}/services`, { headers })
  ).json();
  const service = services.data.services[0];
  const adult = service.ticketTypes.find((type: { code: string }) => type.code === "adult");
  const created = await request.post(`${origin()}/v1/operator/services/${service.id}/departures`, {
    headers,
    data: { date: today, time: `${parts.hour}:${parts.minute}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const slotId = (await created.json()).data.id as string;
  return { ...(await bookTwoAdults(request, EXPERIENCE, service.id, adult.id, slotId)), slotId, date: today };
}

/** A new traveller books 2 Adults on an experience's departure and pays with the sandbox card (the API, as the app does). */
export async function bookTwoAdults(
  request: APIRequestContext,
  experience: string,
  serviceId: string,
  adultTicketTypeId: string,
  slotId: string,
) {
  const traveller = await createCompleteUser(request, undefined, undefined, { operators: ["acme"] });
  const booking = await paidBooking(request, traveller.idToken, {
    experience,
    serviceId,
    slotId,
    ticketTypeId: adultTicketTypeId,
    quantity: 2,
  });
  return { traveller, bookingId: booking.id, reference: booking.reference };
}

/** A booking of `quantity` tickets of one type of an acme departure, placed and paid with the test card through the API. */
export async function paidBooking(
  request: APIRequestContext,
  idToken: string,
  order: { experience?: string; serviceId: string; slotId: string; ticketTypeId: string; quantity: number },
) {
  const placed = await request.post(`${origin()}/v1/bookings`, {
    headers: { Authorization: `Bearer ${idToken}`, "Idempotency-Key": randomUUID() },
    data: {
      serviceId: order.serviceId,
      slotId: order.slotId,
      tickets: [{ ticketTypeId: order.ticketTypeId, quantity: order.quantity }],
      returnUrl: `/experiences/${order.experience ?? EXPERIENCE}/${order.serviceId}/return/{bookingId}`,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { booking, checkoutUrl } = (await placed.json()).data;
  const sessionId = /cs_sandbox_[A-Za-z0-9_-]+/.exec(checkoutUrl)![0];
  const paid = await request.post(`${origin()}/v1/payments/sandbox/checkouts/${sessionId}/pay`, {
    data: { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
  });
  expect(paid.ok()).toBeTruthy();
  return booking as { id: string; reference: string };
}

/** PNG bytes → what jsqr reads in them. */
export async function decodePng(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/** The traveller's booking page (JavaScript on): the ticket's QR code, read from a screenshot of it. */
export async function ticketFromBookingPage(
  page: Page,
  traveller: { email: string; password: string },
  bookingId: string,
) {
  await page.goto(`/account/booking/${bookingId}`);
  await expect(page).toHaveURL(/\/login/);
  await signInWithPassword(page, traveller.email, traveller.password);
  await expect(page).toHaveURL(new RegExp(`/account/booking/${bookingId}$`));
  const qr = page.getByRole("img", { name: /^QR code of your ticket code / });
  await expect(qr).toBeVisible();
  const shown = (await page.getByTestId("ticket-code").textContent())!.trim();
  expect(shown).toMatch(/^([0-9A-Z]{4} ){6}[0-9A-Z]{2}$/);
  const decoded = await decodePng(await qr.screenshot());
  expect(decoded).toBe(shown.replace(/ /g, ""));
  await expectAxeClean(page);
  return decoded!;
}

export async function typeCode(page: Page, code: string, guests?: number) {
  await page.getByRole("textbox", { name: "Ticket code" }).fill(code);
  if (guests !== undefined) await page.getByLabel("Guests to let in").fill(String(guests));
  await page.getByRole("button", { name: "Check in", exact: true }).click();
}

/** `at`'s day and time in `zone` (YYYY-MM-DD, HH:MM), moved to an odd minute of its hour: never a schedule's. */
export function zonedAtOddMinute(at: Date, zone: string) {
  const local = new Date(at);
  local.setUTCMinutes(1 + 2 * Math.floor(Math.random() * 29));
  const parts = zonedParts(local, zone);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * A new one-off departure of `serviceId` (the owner's `headers`) at the day and time `draw` picks,
 * drawn again while an earlier spec's departure holds that minute (409 departure_exists): what the
 * API answered, with the day and time.
 */
export async function newDeparture(
  request: APIRequestContext,
  headers: Record<string, string>,
  serviceId: string,
  draw: () => { date: string; time: string },
  capacity?: number,
) {
  for (let attempt = 1; ; attempt++) {
    const at = draw();
    const created = await request.post(`${origin()}/v1/operator/services/${serviceId}/departures`, {
      headers,
      data: capacity === undefined ? at : { ...at, capacity },
    });
    if (created.status() === 409 && attempt < 5) continue;
    expect(created.status(), await created.text()).toBe(201);
    const { id, startsAt } = (await created.json()).data as { id: string; startsAt: string };
    return { ...at, id, startsAt };
  }
}

/**
 * A departure of acme's sold out: a one-off `hoursAhead` from the product's clock (by default a few
 * days on, an odd minute) with the seats of `parties`, each party a paid booking of one traveller.
 */
export async function soldOutDeparture(
  request: APIRequestContext,
  { parties = [1, 1], hoursAhead }: { parties?: number[]; hoursAhead?: number } = {},
) {
  const headers = { Authorization: `Bearer ${await ownerToken(request)}`, "X-Account-Context": "acme" };
  const services = await (
    await request.get(`${origin()}/v1/operator/experiences/${EXPERIENCE}/services`, { headers })
  ).json();
  const service = services.data.services[0];
  const adult = service.ticketTypes.find((type: { code: string }) => type.code === "adult");
  const listed = await (
    await request.get(`${origin()}/v1/operator/experiences/${EXPERIENCE}/departures`, { headers })
  ).json();
  const zone = listed.data.experience.timezone as string;
  // From the product's clock (other specs may have moved it on): a day or more ahead, an odd minute.
  const now = (await productNow(request)).getTime();
  const capacity = parties.reduce((sum, seats) => sum + seats, 0);
  const created = await newDeparture(
    request,
    headers,
    service.id,
    () => {
      const hours = hoursAhead ?? (5 + Math.floor(Math.random() * 20)) * 24 + Math.floor(Math.random() * 12);
      return zonedAtOddMinute(new Date(now + hours * 3_600_000), zone);
    },
    capacity,
  );
  const { date, id: slotId } = created;

  const seller = await createCompleteUser(request, uniqueEmail("wl-seller"), PASSWORD, { operators: ["acme"] });
  const bookings: string[] = [];
  for (const seats of parties) {
    const booking = await paidBooking(request, seller.idToken, {
      serviceId: service.id,
      slotId,
      ticketTypeId: adult.id,
      quantity: seats,
    });
    bookings.push(booking.id as string);
  }
  const startsAt = created.startsAt;
  return { serviceId: service.id as string, adult: adult.id as string, slotId, date, startsAt, seller, bookings };
}
