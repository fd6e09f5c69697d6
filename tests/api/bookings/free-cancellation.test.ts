import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { appClock } from "~api/db/schema";
import { forgetClock } from "~api/clock";
import { freeCancellationUntil } from "~api/bookings/cancellation-deadline";
import {
  bookingWorld,
  bookingBody,
  bookingUser,
  confirmedBooking,
  createSlot,
  placeBooking,
} from "../../support/booking";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

/**
 * The free-cancellation deadline is the API's rule (the departure minus the operator's cutoff),
 * told by the quote (the pay page, the details page) and the booking (its page) as one moment.
 */
const { db, acme } = bookingWorld();
checkLedgerAfterEach(db);

const quote = (slotId: string) =>
  v1.quote({ body: { serviceId: acme.serviceId, slotId, tickets: [{ ticketTypeId: acme.adult.id, quantity: 1 }] } });
const deadlineOf = (startsAt: Date) => new Date(startsAt.getTime() - acme.cutoffHours * 3_600_000).toISOString();

describe("freeCancellationUntil", () => {
  it("the quote tells the departure, its zone and the deadline: departure minus the operator's cutoff", async () => {
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 72 });
    const res = await quote(slot.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      timezone: acme.timezone,
      freeCancellationUntil: deadlineOf(slot.startsAt),
    });
  });

  it("each departure of the availability tells its deadline (the details page's), null inside the cutoff", async () => {
    const later = await createSlot(db(), acme.serviceId, { startsInHours: 72 });
    const soon = await createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours - 2 });
    const res = await v1.availability({ params: { parentId: acme.experienceId, serviceId: acme.serviceId } });
    expect(res.status).toBe(200);
    const slots = (
      res.body.data.days as Array<{ slots: Array<{ id: string; freeCancellationUntil: string | null }> }>
    ).flatMap((day) => day.slots);
    expect(slots.find((slot) => slot.id === later.id)?.freeCancellationUntil).toBe(deadlineOf(later.startsAt));
    expect(slots.find((slot) => slot.id === soon.id)?.freeCancellationUntil).toBeNull();
  });

  it("null in the quote once the deadline has passed (a departure inside the cutoff is not refundable)", async () => {
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours - 2 });
    const res = await quote(slot.id);
    expect(res.status).toBe(200);
    expect(res.body.data.freeCancellationUntil).toBeNull();
  });

  it("the booking tells the same deadline while it can be cancelled for free; null after cancelling or past the cutoff", async () => {
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 72 });
    const placed = await placeBooking(user.idToken, bookingBody(acme, slot.id, 2));
    expect(placed.body.data.booking).toMatchObject({
      status: "held",
      freeCancellationUntil: deadlineOf(slot.startsAt),
    });
    const guest = await bookingUser(acme);
    const booking = await confirmedBooking(guest, acme, slot.id);
    const view = await v1.booking({ params: { id: booking.id }, token: guest.idToken });
    expect(view.body.data).toMatchObject({ canCancel: true, freeCancellationUntil: deadlineOf(slot.startsAt) });
    // Its page links the meeting point to a map, as the details page does.
    expect(view.body.data.meetingPointLocation).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    const cancelled = await v1.cancelBooking({ params: { id: booking.id }, token: guest.idToken });
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", freeCancellationUntil: null });

    const late = await createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours - 2 });
    const lateBooking = await confirmedBooking(user, acme, late.id);
    const lateView = await v1.booking({ params: { id: lateBooking.id }, token: user.idToken });
    expect(lateView.body.data).toMatchObject({ canCancel: false, freeCancellationUntil: null });
  });

  it("follows the product's clock, like the cancel rule", async () => {
    const startsAt = new Date("2030-06-01T14:00:00Z");
    expect(freeCancellationUntil(startsAt, 24, new Date("2030-05-30T00:00:00Z"))).toBe("2030-05-31T14:00:00.000Z");
    expect(freeCancellationUntil(startsAt, 24, new Date("2030-05-31T14:00:00Z"))).toBeNull();
    expect(freeCancellationUntil(startsAt, 0, new Date("2030-05-31T14:00:00Z"))).toBe("2030-06-01T14:00:00.000Z");
    // The product's clock moved past the deadline (POST /v1/dev/clock) closes it for the quote too.
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours + 2 });
    expect((await quote(slot.id)).body.data.freeCancellationUntil).toBe(deadlineOf(slot.startsAt));
    try {
      expect((await v1.moveDevClock({ body: { advanceMinutes: 180 } })).status).toBe(200);
      expect((await quote(slot.id)).body.data.freeCancellationUntil).toBeNull();
    } finally {
      // The clock only moves forward through the API: set back directly (the last test of the file).
      await db().delete(appClock).where(eq(appClock.id, 1));
      forgetClock();
    }
  });
});
