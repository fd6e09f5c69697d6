import { usingPostgres } from "../../support/env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setOperatorStatus } from "~api/accounts/status";
import { holdSeats } from "~api/bookings/hold-seats";
import { priceOrder } from "~api/bookings/price";
import { loadBookableService, type BookableService } from "~api/catalog/bookable-service";
import { followChanges } from "~api/changes/feed";
import { accounts, bookings, slots, waitlistEntries } from "~api/db/schema";
import { runWaitlist } from "~api/waitlist/service";
import { endpoints } from "~contract/endpoints";
import type { Endpoint } from "~contract/endpoint";
import type { ChangeTopic } from "~contract/system/changes";
import { expectEnvelope } from "../../support/api";
import * as world from "../../support/booking";
import { syncedUser, type TestUser } from "../../support/identity";
import { asMember, syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";
import { stretched } from "../../support/time-limits";

/**
 * Suspension loses nothing (issue 44, point 4): a suspended operator takes no new sale (409
 * operator_suspended), leaves the marketplace's catalog, keeps a read-only console, and every
 * booking it already sold stays valid: seen, cancelled and refunded, checked in.
 */
const { db, acme } = world.bookingWorld();

const REASON = "Guests reported tours that did not run.";
const suspend = () => setOperatorStatus(db(), acme.accountId, { status: "suspended", reason: REASON });
const reinstate = () => setOperatorStatus(db(), acme.accountId, { status: "active" });

const ATTEMPTS = 200;
const BOOKERS = 20;
const DEPARTURES = 5;

let bookers: TestUser[];
let departures: Array<{ id: string }>;
let owner: TestUser;
let manager: TestUser;
/** Sold before the suspension: a booking 10 days ahead, one of today's (for check-in), one to refund. */
let ahead: { guest: TestUser; booking: { id: string; totalMinor: number }; slotId: string };
let today: Awaited<ReturnType<typeof world.todaysBooking>>;
let toRefund: { booking: { id: string; totalMinor: number } };
let soldOutSlot: { id: string };
/** A place in line on a sold-out departure, taken before the suspension. */
let waiting: { entryId: string; slotId: string };
let staleContext: BookableService;

beforeAll(async () => {
  [owner, manager] = await Promise.all([syncedMember(db(), "acme", "owner"), syncedMember(db(), "acme", "manager")]);
  bookers = await world.bookingUsers(db(), acme, BOOKERS);
  departures = [];
  for (let i = 0; i < DEPARTURES; i++) departures.push(await world.createSlot(db(), acme.serviceId, { capacity: 50 }));
  const guest = await world.bookingUser(acme);
  const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 240, capacity: 6 });
  ahead = { guest, booking: await world.confirmedBooking(guest, acme, slot.id, 2), slotId: slot.id };
  today = await world.todaysBooking(db(), acme, 2);
  const refundSlot = await world.createSlot(db(), acme.serviceId);
  toRefund = { booking: await world.confirmedBooking(await world.bookingUser(acme), acme, refundSlot.id, 2) };
  soldOutSlot = await world.createSlot(db(), acme.serviceId, { capacity: 4, seatsLeft: 0 });
  const inLine = await world.createSlot(db(), acme.serviceId, { capacity: 4, seatsLeft: 0 });
  const joined = await v1.joinWaitlist({
    token: guest.idToken,
    body: { serviceId: acme.serviceId, slotId: inLine.id, seats: 1 },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  waiting = { entryId: joined.body.data.id, slotId: inLine.id };
  // What a booking read just before the suspension committed: the operator still active.
  staleContext = await loadBookableService(db(), acme.serviceId, null);
  const set = await suspend();
  expect(set?.before.status).toBe("active");
  expect(set?.after).toMatchObject({ status: "suspended", suspensionReason: REASON });
}, stretched(120_000));

describe("a suspended operator takes no new sale", () => {
  it(`${ATTEMPTS} booking attempts at once on its departures book nothing: all 409 operator_suspended, no seat taken, no 5xx`, async () => {
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) =>
        world.placeBooking(
          bookers[index % BOOKERS].idToken,
          world.bookingBody(acme, departures[index % DEPARTURES].id, 1 + (index % 3)),
          // Half on the marketplace, half on acme's storefront.
          index % 2 === 0 ? {} : { account: "acme" },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 409)).toBe(true);
    for (const answer of answers) expect(answer.body.error.code).toBe("operator_suspended");
    for (const departure of departures) expect(await world.seatsTaken(db(), departure.id)).toBe(0);
    const placed = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.slotId, departures[0].id));
    expect(placed).toEqual([]);
  });

  it("a sale that read the operator as active before the suspension committed is refused in the seats' transaction", async () => {
    const guest = bookers[0];
    const body = world.bookingBody(acme, departures[1].id, 2);
    const order = await priceOrder(db(), staleContext, body, guest.uid);
    expect(staleContext.account.status).toBe("active");
    await expect(
      holdSeats(db(), {
        holder: { kind: "user", userId: guest.uid },
        context: staleContext,
        body: { ...body, saveCard: false },
        order,
        idempotencyKey: randomUUID(),
        origin: "http://localhost",
        storefront: false,
        giftCard: null,
      }),
    ).rejects.toMatchObject({ status: 409, code: "operator_suspended" });
    expect(await world.seatsTaken(db(), departures[1].id)).toBe(0);
  });

  it("the quote, a waitlist join, a storefront gift card and a staff booking: 409 operator_suspended", async () => {
    const guest = bookers[1];
    const slotId = departures[2].id;
    const tickets = [{ ticketTypeId: acme.adult.id, quantity: 1 }];
    expectEnvelope(
      await v1.quote({ token: guest.idToken, body: { serviceId: acme.serviceId, slotId, tickets } }),
      409,
      "operator_suspended",
    );
    expectEnvelope(
      await v1.joinWaitlist({
        token: guest.idToken,
        body: { serviceId: acme.serviceId, slotId: soldOutSlot.id, seats: 2 },
      }),
      409,
      "operator_suspended",
    );
    const giftCard = {
      amountMinor: 5_000,
      recipientEmail: "sam@example.com",
      recipientName: "Sam",
      senderName: "Alex",
    };
    expectEnvelope(
      await v1.buyGiftCard({ token: guest.idToken, account: "acme", body: giftCard }),
      409,
      "operator_suspended",
    );
    // The marketplace's own gift cards are no operator's: still sold.
    expect((await v1.buyGiftCard({ token: guest.idToken, body: giftCard })).status).toBe(201);
    const staff = await v1.operatorCreateBooking(
      asMember(manager.idToken, {
        body: {
          slotId,
          tickets: [{ ticketTypeId: acme.adult.id, quantity: 2 }],
          guest: { name: "Rosa Parks-Lee", email: "rosa@example.com", phone: "+15551230000" },
          payment: "cash",
        },
        headers: { "Idempotency-Key": randomUUID() },
      }),
    );
    expectEnvelope(staff, 409, "operator_suspended");
    expect(await world.seatsTaken(db(), slotId)).toBe(0);
  });

  it("a date change to another of its departures is a new sale: refused, saying the booking stays valid", async () => {
    const moved = await v1.rescheduleBooking({
      params: { id: ahead.booking.id },
      token: ahead.guest.idToken,
      body: { slotId: departures[3].id },
      headers: { "Idempotency-Key": randomUUID() },
    });
    const error = expectEnvelope(moved, 409, "operator_suspended");
    expect(error.message).toContain("cannot move to another date");
    expect(error.message).toContain("stays valid");
    expect((await world.bookingRow(db(), ahead.booking.id)).slotId).toBe(ahead.slotId);
    expect(await world.seatsTaken(db(), departures[3].id)).toBe(0);
  });
});

const entryStatus = async () =>
  (await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, waiting.entryId)))[0].status;

describe("what it already sold stays valid", () => {
  it("a place in line stays: freed seats are not offered while suspended", async () => {
    await db().update(slots).set({ seatsTaken: 3 }).where(eq(slots.id, waiting.slotId));
    await runWaitlist(db());
    expect(await entryStatus()).toBe("waiting");
    expect(await world.seatsTaken(db(), waiting.slotId)).toBe(3);
  });

  it("the traveller sees the booking and cancels it with the refund their policy gives; its seats are freed", async () => {
    const seen = await v1.booking({ params: { id: ahead.booking.id }, token: ahead.guest.idToken });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ status: "confirmed", canCancel: true });
    const cancelled = await v1.cancelBooking({ params: { id: ahead.booking.id }, token: ahead.guest.idToken });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: "cancelled",
      refundMinor: ahead.booking.totalMinor,
      paymentStatus: "refunded",
    });
    expect(await world.seatsTaken(db(), ahead.slotId)).toBe(0);
  });

  it("check-in still works, by ticket code and per booking", async () => {
    const scanned = await v1.operatorCheckIn(
      asMember(manager.idToken, { body: { code: today.code, idempotencyKey: randomUUID() } }),
    );
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    expect(scanned.body.data.outcome).toBe("ok");
    const reset = await v1.operatorUpdateCheckIn({
      params: { bookingId: today.booking.id },
      ...asMember(manager.idToken, { body: { guestNo: "all", status: "reset" } }),
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });

  it("the operator still refunds an existing booking, and reads its console", async () => {
    const refunded = await v1.operatorRefundBooking({
      params: { bookingId: toRefund.booking.id },
      ...asMember(owner.idToken, {
        body: {
          amountMinor: toRefund.booking.totalMinor,
          alreadyRefundedMinor: 0,
          reason: "The operator is suspended",
          releaseSeats: true,
          idempotencyKey: randomUUID(),
        },
      }),
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect((await v1.operatorListBookings(asMember(manager.idToken))).status).toBe(200);
    expect((await v1.operatorManifest(asMember(manager.idToken))).status).toBe(200);
  });
});

describe("its team's console is read-only", () => {
  it("operatorMe says it is suspended, since when and why", async () => {
    const me = await v1.operatorMe(asMember(manager.idToken));
    expect(me.status).toBe(200);
    expect(me.body.data.suspension).toMatchObject({ reason: REASON });
    expect(Number.isNaN(Date.parse(me.body.data.suspension.since))).toBe(false);
    const harborOwner = await syncedMember(db(), "harbor", "owner");
    expect((await v1.operatorMe(asMember(harborOwner.idToken, { account: "harbor" }))).body.data.suspension).toBe(null);
  });

  it("its writes answer 409 operator_suspended; a non-member still gets 404 and a guide's wrong role 403", async () => {
    const updated = await v1.operatorUpdateExperience({
      params: { experienceId: acme.experienceId },
      ...asMember(manager.idToken, { body: { title: "Changed while suspended" } }),
    });
    expectEnvelope(updated, 409, "operator_suspended");
    expectEnvelope(
      await v1.operatorUpdateBranding(asMember(owner.idToken, { body: { tagline: "Back soon" } })),
      409,
      "operator_suspended",
    );
    const stranger = await syncedUser();
    expectEnvelope(
      await v1.operatorUpdateBranding(asMember(stranger.idToken, { body: { tagline: "x" } })),
      404,
      "not_found",
    );
    const guide = await syncedMember(db(), "acme", "guide");
    expectEnvelope(
      await v1.operatorUpdateBranding(asMember(guide.idToken, { body: { tagline: "x" } })),
      403,
      "forbidden",
    );
  });

  it("only check-in, refunds, cancelling a departure and marking a booking paid are declared open while suspended", () => {
    const open = Object.entries(endpoints)
      .filter(([, entry]) => (entry as Endpoint).whileSuspended)
      .map(([name, entry]) => {
        expect((entry as Endpoint).member, name).toBeDefined();
        expect((entry as Endpoint).method, name).not.toBe("GET");
        return name;
      })
      .sort();
    expect(open).toEqual([
      "operatorCancelDeparture",
      "operatorCheckIn",
      "operatorMarkBookingPaid",
      "operatorRefundBooking",
      "operatorUpdateCheckIn",
    ]);
  });
});

describe("the marketplace forgets it, and reinstating brings it all back", () => {
  const listed = async (query: Record<string, string> = {}, account?: string) => {
    const page = await v1.experiences({ query: { pageSize: "48", ...query }, ...(account ? { account } : {}) });
    expect(page.status).toBe(200);
    return page.body.data.items.filter((item: { operator: { slug: string } }) => item.operator.slug === "acme").length;
  };
  const inFacets = async () =>
    (await v1.facets()).body.data.operators.some((facet: { slug: string }) => facet.slug === "acme");

  it("gone from /v1/experiences, its search and facets; its storefront and pages say it is not taking bookings", async () => {
    expect(await listed()).toBe(0);
    expect(await listed({ operator: "acme" })).toBe(0);
    expect(await listed({ q: acme.experienceTitle })).toBe(0);
    expect(await inFacets()).toBe(false);
    // Its own storefront still shows what it offers, with the notice instead of a form.
    expect(await listed({}, "acme")).toBeGreaterThan(0);
    const context = await v1.accountContext({ params: { slug: "acme" } });
    expect(context.body.data.takingBookings).toBe(false);
    const detail = await v1.experience({ params: { parentId: acme.experienceId } });
    expect(detail.status).toBe(200);
    expect(detail.body.data.operator.takingBookings).toBe(false);
    // Other operators are untouched.
    expect((await v1.accountContext({ params: { slug: "harbor" } })).body.data.takingBookings).toBe(true);
  });

  it("reinstating: every process hears the catalog change at once, the experiences are back and booking works", async () => {
    const heard: ChangeTopic[][] = [];
    const stop = followChanges((topics) => heard.push([...topics]));
    try {
      const set = await reinstate();
      expect(set?.after).toMatchObject({ status: "active", suspendedAt: null, suspensionReason: null });
    } finally {
      stop();
    }
    expect(heard).toContainEqual(["catalog", "seats"]);
    expect(await listed()).toBeGreaterThan(0);
    expect(await listed({ q: acme.experienceTitle })).toBeGreaterThan(0);
    expect(await inFacets()).toBe(true);
    expect((await v1.accountContext({ params: { slug: "acme" } })).body.data.takingBookings).toBe(true);
    expect((await v1.operatorMe(asMember(manager.idToken))).body.data.suspension).toBe(null);
    const booked = await world.placeBooking(bookers[2].idToken, world.bookingBody(acme, departures[4].id, 1));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await world.seatsTaken(db(), departures[4].id)).toBe(1);
    // The line that waited gets its offer now.
    await runWaitlist(db());
    expect(await entryStatus()).toBe("offered");
  });

  it("a suspension keeps its first moment when said again, and a suspension without a reason is refused", async () => {
    const first = await suspend();
    const again = await setOperatorStatus(db(), acme.accountId, { status: "suspended", reason: "Still under review." });
    expect(again?.after.suspendedAt?.getTime()).toBe(first?.after.suspendedAt?.getTime());
    expect(again?.after.suspensionReason).toBe("Still under review.");
    await expect(setOperatorStatus(db(), acme.accountId, { status: "suspended", reason: "  " })).rejects.toThrow();
    expect(await setOperatorStatus(db(), "acc_nobody", { status: "active" })).toBe(null);
    const [row] = await db().select({ status: accounts.status }).from(accounts).where(eq(accounts.id, acme.accountId));
    expect(row.status).toBe("suspended");
    await reinstate();
    expect(await db().select({ id: slots.id }).from(slots).where(eq(slots.id, departures[0].id))).toHaveLength(1);
  });
});

describe("the development door (outside production only)", () => {
  it("suspends with a reason and reinstates as the admin would; refuses no reason (400) and an unknown operator (404)", async () => {
    const door = (slug: string, body: unknown) => v1.setDevOperatorStatus({ params: { slug }, body: body as never });
    expectEnvelope(await door("acme", { status: "suspended" }), 400, "validation_error");
    expectEnvelope(await door("acme", { status: "closed" }), 400, "validation_error");
    expectEnvelope(await door("nobody-here", { status: "active" }), 404, "account_not_found");
    const suspended = await door("acme", { status: "suspended", reason: REASON });
    expect(suspended.status).toBe(200);
    expect(suspended.headers.get("X-Wayfarer-Changed")).toBe("catalog, seats");
    expect((await v1.accountContext({ params: { slug: "acme" } })).body.data.takingBookings).toBe(false);
    expect((await door("acme", { status: "active" })).body.data).toEqual({ slug: "acme", status: "active" });
    expect((await v1.accountContext({ params: { slug: "acme" } })).body.data.takingBookings).toBe(true);
  });
});

describe.skipIf(!usingPostgres)("a suspension racing a sale (PostgreSQL)", () => {
  it("a booking in flight when a suspension commits is refused by the seats' transaction, not sold", async () => {
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const slot = await world.createSlot(db(), acme.serviceId);
    await reinstate();
    try {
      // The admin's suspension, written but not yet committed: the booking reads the operator active.
      await admin.query("begin");
      await admin.query(
        "update accounts set status = 'suspended', suspended_at = now(), suspension_reason = $2 where id = $1",
        [acme.accountId, REASON],
      );
      let settled = false;
      const pending = world.placeBooking(bookers[3].idToken, world.bookingBody(acme, slot.id, 2)).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      // It waits on the account row's lock in the transaction that would take the seats.
      expect(settled).toBe(false);
      await admin.query("commit");
      expectEnvelope(await pending, 409, "operator_suspended");
      expect(await world.seatsTaken(db(), slot.id)).toBe(0);
    } finally {
      await admin.query("rollback").catch(() => undefined);
      await admin.end();
      await reinstate();
    }
  });
});
