/**
 * Booking seats on a running server, over HTTP only, for the tests of tests/build: a departure
 * with seats free, a guest who may book it (an Auth emulator account with a complete profile who
 * signed the operator's waiver), the booking, and the seats-left its details page shows.
 */
import { randomUUID } from "node:crypto";
import { DEFAULT_EMULATOR_HOST } from "../../scripts/emulator.mjs";

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST;

export interface Departure {
  parentId: string;
  serviceId: string;
  operator: string;
  ticketTypeId: string;
  date: string;
  slotId: string;
  /** The details page that shows its seats left. */
  page: string;
}

// Answers are inspected dynamically; what is used is checked by the tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function data(response: Response): Promise<any> {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** A departure at least two days away with `seats` + 2 seats free. */
export async function bookableDeparture(origin: string, seats = 2): Promise<Departure> {
  const [departure] = await bookableDepartures(origin, seats, 1);
  return departure;
}

/** `count` departures at least two days away, each of a different experience, with `seats` + 2 seats free. */
export async function bookableDepartures(origin: string, seats: number, count: number): Promise<Departure[]> {
  const earliest = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const list = await data(await fetch(`${origin}/v1/experiences?pageSize=48`));
  const found: Departure[] = [];
  for (const item of list.items) {
    const base = `${origin}/v1/experiences/${item.id}/services/${item.firstServiceId}`;
    const availability = await data(await fetch(`${base}/availability`));
    const bookable = availability.days
      .filter((day: { date: string }) => day.date >= earliest)
      .map((day: { date: string; slots: Array<{ id: string; seatsLeft: number }> }) => ({
        date: day.date,
        slot: day.slots.find((candidate) => candidate.seatsLeft >= seats + 2),
      }))
      .find((day: { slot?: unknown }) => day.slot);
    if (!bookable) continue;
    const detail = await data(await fetch(base));
    found.push({
      parentId: item.id,
      serviceId: item.firstServiceId,
      operator: detail.experience.operator.slug,
      ticketTypeId: detail.service.ticketTypes[0].id,
      date: bookable.date,
      slotId: bookable.slot.id,
      page: `/experiences/${item.id}/${item.firstServiceId}?date=${bookable.date}`,
    });
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} bookable departures`);
}

/** A signed-up guest's ID token, with a complete profile and the operator's waiver signed. */
export async function bookingGuest(origin: string, operator: string): Promise<string> {
  const account = { email: `guest-${randomUUID()}@example.com`, password: "guest-password-1", returnSecureToken: true };
  const emulator = async (action: string) => {
    const url = `http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=demo-api-key`;
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(account),
    });
    if (!response.ok) throw new Error(`${action}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { idToken: string };
  };
  await emulator("signUp");
  // The token of a sign-in after the sign-up, not the sign-up's own: on a loaded machine the
  // emulator can date a new account's validSince a second after its first token's auth_time,
  // which the revocation check then refuses as revoked (tests/support/identity.ts, syncNewUser).
  const { idToken } = await emulator("signInWithPassword");
  const headers = { Authorization: `Bearer ${idToken}`, "Content-Type": "application/json" };
  await data(
    await fetch(`${origin}/v1/user/sync`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({
        firstName: "Ada",
        lastName: "Lovelace",
        phone: "+15551234567",
        location: { address: "1 Main St", city: "Springfield", state: "IL", zipcode: "62701" },
      }),
    }),
  );
  const withOperator = { ...headers, "X-Account-Context": operator };
  const waiver = await data(await fetch(`${origin}/v1/user/waiver`, { headers: withOperator }));
  await data(
    await fetch(`${origin}/v1/user/waiver/sign`, {
      method: "POST",
      headers: withOperator,
      body: JSON.stringify({ signedName: "Ada Lovelace", agree: true, textVersion: waiver.textVersion }),
    }),
  );
  return idToken;
}

/** POST /v1/bookings: the answer as it came. */
export function placeBooking(origin: string, token: string, departure: Departure, seats: number): Promise<Response> {
  return fetch(`${origin}/v1/bookings`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
    body: JSON.stringify({
      serviceId: departure.serviceId,
      slotId: departure.slotId,
      tickets: [{ ticketTypeId: departure.ticketTypeId, quantity: seats }],
      returnUrl: `/experiences/${departure.parentId}/${departure.serviceId}/return/{bookingId}`,
      cancelUrl: `/experiences/${departure.parentId}/${departure.serviceId}/confirm?slot=${departure.slotId}`,
    }),
  });
}

/** The seats left the details page shows, once the micro-cache serves it (it must by the second ask). */
export async function cachedSeatsShown(origin: string, departure: Departure): Promise<number> {
  await seatsShown(origin, departure);
  const { seats, cache } = await seatsShown(origin, departure);
  if (!cache || !/^(hit|stale)$/.test(cache)) throw new Error(`${departure.page} was not served from memory: ${cache}`);
  return seats;
}

/** Asks for the details page until it shows `seats` or `ms` have passed: how long that took, and what it showed last. */
export async function waitForSeatsShown(origin: string, departure: Departure, seats: number, ms: number) {
  const started = performance.now();
  let shown = (await seatsShown(origin, departure)).seats;
  while (shown !== seats && performance.now() - started < ms) shown = (await seatsShown(origin, departure)).seats;
  return { shown, milliseconds: Math.round(performance.now() - started) };
}

/** The seats left the details page shows an anonymous visitor, and whether the micro-cache answered. */
export async function seatsShown(origin: string, departure: Departure): Promise<{ seats: number; cache: string | null }> {
  const answer = await fetch(origin + departure.page);
  const html = await answer.text();
  const seats = new RegExp(`value="${departure.slotId}"[\\s\\S]*?(\\d+) spots? left`).exec(html)?.[1];
  if (seats === undefined) throw new Error(`no seats shown on ${departure.page}: ${answer.status}`);
  return { seats: Number(seats), cache: answer.headers.get("x-micro-cache") };
}
