import "../../support/env";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRefunds, slots, waitlistEntries, waitlistOffers } from "~api/db/schema";
import type { OperatorHome } from "~contract/operator/week";
import { expectEnvelope } from "../../support/api";
import { bookingUser, bookingWorld, confirmedBooking, createSlot, todaysBooking } from "../../support/booking";
import { v1 } from "../../support/client";
import { syncedUser } from "../../support/identity";
import { asMember, syncedMember } from "../../support/operator";

const { db, acme } = bookingWorld();

const homeOf = (token: string | undefined, account = "acme") => v1.operatorHome(asMember(token, { account }));

describe("operator home", () => {
  it("today's departures with seats sold, check-ins and guide; the new bookings; the owner's decisions", async () => {
    const owner = await syncedMember(db(), "acme", "owner");
    const { slot, booking } = await todaysBooking(db(), acme, 2);
    await v1.operatorUpdateCheckIn({
      params: { bookingId: booking.id },
      ...asMember(owner.idToken, { body: { guestNo: "all", status: "checked_in" } }),
    });
    // A departure a schedule change left with bookings, a refund owed, an offer expiring soon.
    const traveller = await bookingUser(acme);
    const later = await createSlot(db(), acme.serviceId, { startsInHours: 24 * 20 });
    const laterBooking = await confirmedBooking(traveller, acme, later.id, 1);
    await db().update(slots).set({ needsDecision: true }).where(eq(slots.id, later.id));
    const refundId = `rf_home${Date.now().toString(36)}`;
    await db()
      .insert(bookingRefunds)
      .values({
        id: refundId,
        bookingId: laterBooking.id,
        accountId: acme.accountId,
        amountMinor: 700,
        currency: "USD",
        idempotencyKey: `home-${refundId}`,
      });
    const entryId = `wl_home${Date.now().toString(36)}`;
    await db().insert(waitlistEntries).values({
      id: entryId,
      slotId: later.id,
      serviceId: acme.serviceId,
      accountId: acme.accountId,
      userId: traveller.uid,
      seats: 1,
      status: "offered",
      origin: "http://localhost",
    });
    const offerId = `wo_home${Date.now().toString(36)}`;
    await db()
      .insert(waitlistOffers)
      .values({
        id: offerId,
        entryId,
        slotId: later.id,
        seats: 1,
        tokenHash: offerId,
        expiresAt: new Date(Date.now() + 2 * 3_600_000),
      });

    const answer = await homeOf(owner.idToken);
    expect(answer.status).toBe(200);
    const home: OperatorHome = answer.body.data;
    const today = home.departures.today.find((departure) => departure.id === slot.id);
    expect(today).toMatchObject({ seatsSold: 2, checkedIn: 2, timezone: expect.any(String) });
    expect(home.newBookings.count).toBeGreaterThanOrEqual(2);
    const latest = home.newBookings.latest.map((row) => row.id);
    expect(latest[0]).toBe(laterBooking.id);
    expect(latest).toContain(booking.id);
    expect(home.newBookings.latest[0].money).toEqual({ currency: "USD", totalMinor: laterBooking.totalMinor });
    expect(home.decisions?.departures.items.map((d) => d.id)).toContain(later.id);
    expect(home.decisions?.refundsOwed.items.find((r) => r.id === refundId)).toMatchObject({
      bookingId: laterBooking.id,
      amountMinor: 700,
    });
    expect(home.decisions?.offersExpiring.items.map((o) => o.id)).toContain(offerId);
    expect(home.decisions?.departures.count).toBeGreaterThanOrEqual(1);

    // Harbor's owner sees none of it.
    const harborOwner = await syncedMember(db(), "harbor", "owner");
    const harbor: OperatorHome = (await homeOf(harborOwner.idToken, "harbor")).body.data;
    expect(harbor.departures.today.map((d) => d.id)).not.toContain(slot.id);
    expect(harbor.newBookings.latest.map((row) => row.id)).not.toContain(booking.id);
    expect(harbor.decisions?.refundsOwed.items.map((r) => r.id)).not.toContain(refundId);
    expect(harbor.decisions?.offersExpiring.items.map((o) => o.id)).not.toContain(offerId);
    expect(harbor.decisions?.departures.items.map((d) => d.id)).not.toContain(later.id);
  });

  it("a guide: only the departures assigned to them and their bookings, no money, no decisions", async () => {
    const guide = await syncedMember(db(), "acme", "guide");
    const mine = await todaysBooking(db(), acme, 1);
    const other = await todaysBooking(db(), acme, 1);
    await db().update(slots).set({ guideUserId: guide.uid }).where(eq(slots.id, mine.slot.id));
    const home: OperatorHome = (await homeOf(guide.idToken)).body.data;
    expect(home.departures.today.map((d) => d.id)).toEqual([mine.slot.id]);
    expect(home.newBookings.latest.map((row) => row.id)).toEqual([mine.booking.id]);
    expect(home.newBookings.count).toBe(1);
    expect(home.newBookings.latest[0].money).toBeNull();
    expect(home.decisions).toBeNull();
    expect(home.departures.today.map((d) => d.id)).not.toContain(other.slot.id);
  });

  it("401 signed out, 404 for a non-member", async () => {
    const stranger = await syncedUser();
    expectEnvelope(await homeOf(undefined), 401, "unauthorized");
    expectEnvelope(await homeOf(stranger.idToken), 404, "not_found");
  });
});
