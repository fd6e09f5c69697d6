import type { BookingAnswersInput } from "~contract/bookings/questions";
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db } from "~api/db/client";
import { accounts, bookings, experiences, services, slots, ticketTypes, users, waivers } from "~api/db/schema";
import { beforeAll, expect } from "vitest";
import { seedDbForThisFile, type ApiResult } from "./api";
import { createUser, syncNewUser, withEmulatorUsers, type TestUser } from "./identity";
import { v1 } from "./client";

/**
 * Booking test helpers: a service of a given operator with its ticket types, a fresh departure
 * with a chosen number of free seats, users who may book (profile complete, waiver signed), and
 * calls of the booking endpoints.
 */
export const COMPLETE_PROFILE = {
  firstName: "Ada",
  lastName: "Lovelace",
  phone: "+15551234567",
  location: { address: "1 Main St", city: "Springfield", state: "IL", zipcode: "62701" },
};

export interface TestService {
  accountId: string;
  accountSlug: string;
  currency: string;
  timezone: string;
  cutoffHours: number;
  waiverVersion: number;
  experienceId: string;
  experienceTitle: string;
  serviceId: string;
  serviceName: string;
  adult: { id: string; priceMinor: number; name: string };
  child: { id: string; priceMinor: number; name: string } | null;
}

/**
 * What most booking test files start from: a seeded database of the file's own, the emulator's
 * users cleared between files, and the seed's "acme" service to book (filled in before the tests).
 */
export function bookingWorld() {
  const { db } = seedDbForThisFile();
  withEmulatorUsers();
  return { db, acme: seededService(db, "acme") };
}

/** A seeded operator's service (findService), filled in before the file's tests. */
export function seededService(db: () => Db, accountSlug: string): TestService {
  const service = {} as TestService;
  beforeAll(async () => {
    Object.assign(service, await findService(db(), accountSlug));
  });
  return service;
}

/** The first service (by id) of the operator that sells adult tickets. */
export async function findService(db: Db, accountSlug = "acme"): Promise<TestService> {
  const rows = await db
    .select({ account: accounts, experience: experiences, service: services, ticket: ticketTypes })
    .from(services)
    .innerJoin(experiences, eq(experiences.id, services.experienceId))
    .innerJoin(accounts, eq(accounts.id, experiences.accountId))
    .innerJoin(ticketTypes, eq(ticketTypes.serviceId, services.id))
    .where(eq(accounts.slug, accountSlug))
    .orderBy(asc(services.id), asc(ticketTypes.sortOrder));
  const service = rows.find((row) => row.ticket.code === "adult")!.service;
  const mine = rows.filter((row) => row.service.id === service.id);
  const { account, experience } = mine[0];
  const ticket = (code: string) => {
    const found = mine.find((row) => row.ticket.code === code)?.ticket;
    return found ? { id: found.id, priceMinor: found.priceMinor, name: found.name } : null;
  };
  return {
    accountId: account.id,
    accountSlug: account.slug,
    currency: account.currency,
    timezone: account.timezone,
    cutoffHours: account.cancellationCutoffHours,
    waiverVersion: account.waiverVersion,
    experienceId: experience.id,
    experienceTitle: experience.title,
    serviceId: service.id,
    serviceName: service.name,
    adult: ticket("adult")!,
    child: ticket("child"),
  };
}

let slotCounter = 0;

/**
 * A new departure of the service `startsInHours` from now (default: in 10 days), with
 * `capacity` seats of which `seatsLeft` are free, up to an hour later at random (earlier when in
 * the past), never on the minute, so it never collides with the seed's departures (which start on the minute).
 */
const jitterBase = Math.floor(Math.random() * 3_600);

export async function createSlot(
  db: Db,
  serviceId: string,
  options: { capacity?: number; seatsLeft?: number; startsInHours?: number; durationMinutes?: number } = {},
): Promise<{ id: string; startsAt: Date; endsAt: Date; capacity: number }> {
  const capacity = options.capacity ?? 10;
  const seatsLeft = options.seatsLeft ?? capacity;
  const hours = options.startsInHours ?? 240;
  // Distinct offsets per call (13 and 3600 are coprime): random jitter let two departures of one
  // service land on the same second now and then, which the (service_id, starts_at) key refuses.
  const step = (jitterBase + slotCounter * 13) % 3_600;
  const jitterSeconds = hours < 0 ? -(step % 600) : step;
  const startsAt = new Date(Date.now() + hours * 3_600_000 + jitterSeconds * 1000);
  startsAt.setUTCMilliseconds(0);
  if (startsAt.getUTCSeconds() === 0) startsAt.setUTCSeconds(17);
  // The (service_id, starts_at) key is shared by every file on one PostgreSQL database: a second
  // another departure of the service already has moves this one on by a second, until it is free.
  for (;;) {
    const endsAt = new Date(startsAt.getTime() + (options.durationMinutes ?? 90) * 60_000);
    const id = `t-${Date.now().toString(36)}-${(slotCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const made = await db
      .insert(slots)
      .values({ id, serviceId, startsAt, endsAt, capacity, seatsTaken: capacity - seatsLeft })
      .onConflictDoNothing()
      .returning({ id: slots.id });
    if (made.length) return { id, startsAt, endsAt, capacity };
    startsAt.setTime(startsAt.getTime() + 1000);
  }
}

export async function seatsTaken(db: Db, slotId: string): Promise<number> {
  const [row] = await db.select({ seatsTaken: slots.seatsTaken }).from(slots).where(eq(slots.id, slotId));
  return row.seatsTaken;
}

export async function bookingRow(db: Db, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** Makes a held booking's hold run out (as if HOLD_MINUTES had passed). */
export async function expireHoldNow(db: Db, bookingId: string): Promise<void> {
  await db
    .update(bookings)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "held")));
}

/** An emulator user with a complete profile who signed the operator's waiver: may book at once. */
export async function bookingUser(service: Pick<TestService, "accountSlug" | "waiverVersion">): Promise<TestUser> {
  const user = await createUser();
  await syncNewUser(user, COMPLETE_PROFILE);
  const signed = await v1.signWaiver({
    token: user.idToken,
    account: service.accountSlug,
    body: { signedName: "Ada Lovelace", agree: true, textVersion: service.waiverVersion },
  });
  if (signed.status !== 200) throw new Error(`waiver failed: ${signed.status} ${JSON.stringify(signed.body)}`);
  return user;
}

/**
 * Many booking users quickly: emulator accounts through its REST API, their rows and waiver
 * signatures written straight into the database (as sync and sign would).
 */
export async function bookingUsers(db: Db, service: TestService, n: number): Promise<TestUser[]> {
  const created: TestUser[] = [];
  for (let start = 0; start < n; start += 10) {
    created.push(...(await Promise.all(Array.from({ length: Math.min(10, n - start) }, () => createUser()))));
  }
  await db.insert(users).values(
    created.map((user) => ({
      id: user.uid,
      email: user.email,
      signInMethod: "password",
      passwordIsSet: true,
      firstName: COMPLETE_PROFILE.firstName,
      lastName: COMPLETE_PROFILE.lastName,
      phone: COMPLETE_PROFILE.phone,
      location: COMPLETE_PROFILE.location,
    })),
  );
  await db.insert(waivers).values(
    created.map((user) => ({
      userId: user.uid,
      accountId: service.accountId,
      textVersion: service.waiverVersion,
      signedName: "Ada Lovelace",
      ip: "127.0.0.1",
      userAgent: "test",
    })),
  );
  return created;
}

export interface BookingRequest {
  serviceId: string;
  slotId: string;
  tickets: Array<{ ticketTypeId: string; quantity: number }>;
  promoCode?: string;
  utm?: Record<string, string>;
  returnUrl?: string;
  cancelUrl?: string;
  saveCard?: boolean;
  paymentMethodId?: string;
  giftCardCode?: string;
  savedGiftCardId?: string;
  /** Answers to the service's booking questions (createBooking's `answers`). */
  answers?: BookingAnswersInput;
  addOns?: Array<{ addOnId: string; quantity: number }>;
  /** The whole departure at the service's group price (issue 46). */
  private?: boolean;
  /** The pickup point chosen (createBooking's `pickupPointId`). */
  pickupPointId?: string;
}

export function bookingBody(
  service: TestService,
  slotId: string,
  adults = 1,
  extra: Partial<BookingRequest> = {},
): BookingRequest {
  return {
    serviceId: service.serviceId,
    slotId,
    tickets: [{ ticketTypeId: service.adult.id, quantity: adults }],
    returnUrl: `/experiences/${service.experienceId}/${service.serviceId}/return/{bookingId}`,
    cancelUrl: `/experiences/${service.experienceId}/${service.serviceId}/confirm?slot=${slotId}`,
    ...extra,
  };
}

/** POST /v1/bookings with a (fresh by default) Idempotency-Key. */
export function placeBooking(
  token: string,
  body: BookingRequest,
  options: { key?: string; account?: string } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<ApiResult<any>> {
  return v1.createBooking({
    token,
    body,
    account: options.account,
    headers: { "Idempotency-Key": options.key ?? randomUUID() },
  });
}

/**
 * A hold that lapsed and whose seats were sold on: `late` holds `held` seats of a fresh departure
 * of `capacity`, the hold expires, and `other` books `sold` seats (answered 201) before `late` pays.
 */
export async function lapsedHoldSoldOn(
  db: Db,
  service: TestService,
  { capacity, held, sold }: { capacity: number; held: number; sold: number },
) {
  const late = await bookingUser(service);
  const other = await bookingUser(service);
  const slot = await createSlot(db, service.serviceId, { capacity });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const placed: ApiResult<any> = await placeBooking(late.idToken, bookingBody(service, slot.id, held));
  const id: string = placed.body.data.booking.id;
  await expireHoldNow(db, id);
  expect((await placeBooking(other.idToken, bookingBody(service, slot.id, sold))).status).toBe(201);
  return { late, slot, placed, id };
}

export const SUCCEEDS = "4242 4242 4242 4242";
export const DECLINED = "4000 0000 0000 0002";

/** The sandbox session id in a checkout URL (/sandbox/checkout/{id}). */
export function sessionIdOf(checkoutUrl: string): string {
  const match = /^\/sandbox\/checkout\/(cs_sandbox_[A-Za-z0-9_-]+)$/.exec(checkoutUrl);
  if (!match) throw new Error(`not a sandbox checkout url: ${checkoutUrl}`);
  return match[1];
}

export function pay(
  sessionId: string,
  cardNumber = SUCCEEDS,
  extra: { saveCard?: boolean; expiry?: string; cvc?: string } = {},
) {
  return v1.paySandboxCheckout({
    params: { sessionId },
    body: {
      cardNumber,
      expiry: extra.expiry ?? "12/39",
      cvc: extra.cvc ?? "123",
      ...(extra.saveCard === undefined ? {} : { saveCard: extra.saveCard }),
    },
  });
}

/** Books `adults` seats and pays with the test card: a confirmed booking (on `account`'s storefront if given). */
export async function confirmedBooking(
  user: TestUser,
  service: TestService,
  slotId: string,
  adults = 1,
  options: { account?: string; extra?: Partial<BookingRequest> } = {},
) {
  const placed = await placeBooking(user.idToken, bookingBody(service, slotId, adults, options.extra), options);
  if (placed.status !== 201) throw new Error(`booking failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  const paid = await pay(sessionIdOf(placed.body.data.checkoutUrl));
  if (paid.status !== 200 || paid.body.data.status !== "paid")
    throw new Error(`payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  return placed.body.data.booking as { id: string; reference: string; totalMinor: number };
}

let movedToNow = 0;
/**
 * Moves a departure to start within the next minutes: today in every operator's zone but for a
 * few minutes around midnight. Each call lands at least a second after the previous one, so two
 * departures of one service never meet on the (service_id, starts_at) key.
 */
export async function startNow(db: Db, slotId: string): Promise<Date> {
  const startsAt = new Date(Date.now() + 7_000 + movedToNow++ * 1_000);
  startsAt.setUTCMilliseconds(0);
  await db
    .update(slots)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) })
    .where(eq(slots.id, slotId));
  return startsAt;
}

/** A confirmed booking of `adults` on a departure of today, with its ticket code and its traveller. */
export async function todaysBooking(db: Db, service: TestService, adults = 2, guest?: TestUser) {
  const traveller = guest ?? (await bookingUser(service));
  const slot = await createSlot(db, service.serviceId);
  const booking = await confirmedBooking(traveller, service, slot.id, adults);
  const startsAt = await startNow(db, slot.id);
  const [{ ticketCode }] = await db
    .select({ ticketCode: bookings.ticketCode })
    .from(bookings)
    .where(eq(bookings.id, booking.id));
  return { traveller, slot, booking, startsAt, code: ticketCode };
}

/**
 * Runs `fn` while the service's adult ticket costs `priceMinor` (its departures turn dearer), then
 * puts the seed's price back, whatever happened.
 */
export async function withAdultPrice<T>(
  db: Db,
  service: TestService,
  priceMinor: number,
  fn: () => Promise<T>,
): Promise<T> {
  const set = (price: number) =>
    db.update(ticketTypes).set({ priceMinor: price }).where(eq(ticketTypes.id, service.adult.id));
  await set(priceMinor);
  try {
    return await fn();
  } finally {
    await set(service.adult.priceMinor);
  }
}

/**
 * Runs `fn` while the service's experience is set in `zone` (its operator's zone unchanged: acme
 * stays in New York), then puts the experience's own zone back, whatever happened.
 */
export async function inExperienceZone<T>(
  db: Db,
  service: TestService,
  zone: string,
  fn: () => Promise<T>,
): Promise<T> {
  const [before] = await db
    .select({ timezone: experiences.timezone })
    .from(experiences)
    .where(eq(experiences.id, service.experienceId));
  const set = (timezone: string) =>
    db.update(experiences).set({ timezone }).where(eq(experiences.id, service.experienceId));
  await set(zone);
  try {
    return await fn();
  } finally {
    await set(before.timezone);
  }
}

/** A departure of a service at an instant (90 minutes long, 10 seats unless told), made straight in the table. */
export async function slotAt(
  db: Db,
  serviceId: string,
  startsAt: Date,
  options: { capacity?: number; guideUserId?: string | null; idPrefix?: string } = {},
): Promise<{ id: string; startsAt: Date }> {
  const id = `${options.idPrefix ?? "t-at"}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  await db.insert(slots).values({
    id,
    serviceId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 90 * 60_000),
    capacity: options.capacity ?? 10,
    guideUserId: options.guideUserId ?? null,
  });
  return { id, startsAt };
}

/** The time zone of the seed's operators (acme's, and its experiences'). */
export const ACME_ZONE = "America/New_York";

let departureSecond = 0;

/**
 * A departure of `serviceId` `days` from today at `hour`:`minute` (10:00 unless told) in `zone`
 * (acme's, America/New_York, unless told), its seconds set so that none made by a file collide.
 */
export function slotInDays(
  db: Db,
  serviceId: string,
  days: number,
  options: Parameters<typeof slotAt>[3] & { zone?: string; hour?: number; minute?: number } = {},
): Promise<{ id: string; startsAt: Date }> {
  const { zone = ACME_ZONE, hour = 10, minute = 0, ...slot } = options;
  const startsAt = DateTime.now()
    .setZone(zone)
    .plus({ days })
    .set({ hour, minute, second: 3 + (departureSecond++ % 50) })
    .toJSDate();
  return slotAt(db, serviceId, startsAt, slot);
}
