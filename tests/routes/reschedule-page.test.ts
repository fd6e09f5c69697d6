import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as page from "~/routes/_default.account.booking.$bookingId_.reschedule";
import * as bookingPage from "~/routes/_default.account.booking.$bookingId";
import * as world from "../support/booking";
import { eq } from "drizzle-orm";
import { ticketTypes } from "~api/db/schema";
import { args, outcome, pageRequest, sessionFor, signedInUser } from "../support/routes";

const { db, acme } = world.bookingWorld();

type Choices = { days: Array<{ date: string; slots: Array<{ id: string }> }> };
/** The departures the page offers, across its days. */
const offered = (choices: Choices) => choices.days.flatMap((day) => day.slots.map((slot) => slot.id));
/** The day (in the experience's zone) on which the page offers a departure. */
const dayOf = (choices: Choices, slotId: string) =>
  choices.days.find((day) => day.slots.some((slot) => slot.id === slotId))!.date;

describe("/account/booking/{id}/reschedule", () => {
  it("lists the other departures with seats and the deadline; a post moves the booking (no JavaScript) and tells it", async () => {
    const user = await world.bookingUser(acme);
    const from = await world.createSlot(db(), acme.serviceId, { startsInHours: 96 });
    const to = await world.createSlot(db(), acme.serviceId, { startsInHours: 120 });
    const full = await world.createSlot(db(), acme.serviceId, { startsInHours: 130, capacity: 4, seatsLeft: 1 });
    const booking = await world.confirmedBooking(user, acme, from.id, 2);
    const cookie = await sessionFor(user);
    const path = `/account/booking/${booking.id}/reschedule`;
    const load = () =>
      outcome(() => page.loader(args(pageRequest(path, { cookie }), { bookingId: booking.id }) as never));
    const post = (form: Record<string, string>) =>
      outcome(() => page.action(args(pageRequest(path, { cookie, form }), { bookingId: booking.id }) as never));

    const view = await load();
    expect(view.data.open).toBe(true);
    expect(view.data.booking.freeCancellationUntil).not.toBeNull();
    const ids = offered(view.data.choices);
    expect(ids).toContain(to.id);
    expect(ids).not.toContain(from.id);
    expect(ids).not.toContain(full.id);
    expect(view.data.difference).toBe(0);
    // A day first (issue 39, item 12): no list of every departure until one is chosen, then that day's.
    expect(view.data.day).toBeNull();
    const toDay = dayOf(view.data.choices, to.id);
    const onThatDay = await outcome(() =>
      page.loader(args(pageRequest(`${path}?date=${toDay}`, { cookie }), { bookingId: booking.id }) as never),
    );
    expect(onThatDay.data.day.date).toBe(toDay);
    expect(onThatDay.data.day.slots.map((slot: { id: string }) => slot.id)).toContain(to.id);
    // The full departure (1 seat, a party of 2) is not offered on its day either.
    expect(onThatDay.data.day.slots.map((slot: { id: string }) => slot.id)).not.toContain(full.id);
    for (const date of ["2020-01-01", "nonsense", `${toDay}%00`])
      expect(
        (
          await outcome(() =>
            page.loader(args(pageRequest(`${path}?date=${date}`, { cookie }), { bookingId: booking.id }) as never),
          )
        ).data.day,
        date,
      ).toBeNull();

    const invalid = await post({ idempotencyKey: randomUUID() });
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error.slotId).toEqual(["reschedule.choose"]);
    const same = await post({ idempotencyKey: randomUUID(), slotId: from.id });
    expect(same.status).toBe(409);
    expect(same.data.result.error[""]).toEqual(["apiErrors.same_departure"]);

    const moved = await post({ idempotencyKey: view.data.idempotencyKey, slotId: to.id });
    expect(moved.location).toBe(`/account/booking/${booking.id}`);
    expect((await world.bookingRow(db(), booking.id)).slotId).toBe(to.id);
    expect(await world.seatsTaken(db(), from.id)).toBe(0);
    const flash = moved.headers.get("Set-Cookie")!.split(";")[0];
    const after = await outcome(() =>
      bookingPage.loader(
        args(pageRequest(`/account/booking/${booking.id}`, { cookie: `${cookie}; ${flash}` }), {
          bookingId: booking.id,
        }) as never,
      ),
    );
    expect(after.data.flash).toBe("reschedule.movedNotice");
    expect(after.data.booking.startsAt).toBe(to.startsAt.toISOString());
    expect(after.data.booking.changes).toEqual([
      expect.objectContaining({
        fromStartsAt: from.startsAt.toISOString(),
        toStartsAt: to.startsAt.toISOString(),
        priceDifferenceMinor: 0,
      }),
    ]);
  });

  it("dearer: the price note says how much more; a post sends the traveller to the checkout, whose payment moves the booking", async () => {
    const user = await world.bookingUser(acme);
    const from = await world.createSlot(db(), acme.serviceId, { startsInHours: 96 });
    const to = await world.createSlot(db(), acme.serviceId, { startsInHours: 140 });
    const booking = await world.confirmedBooking(user, acme, from.id, 1);
    const cookie = await sessionFor(user);
    const path = `/account/booking/${booking.id}/reschedule`;
    const load = () =>
      outcome(() => page.loader(args(pageRequest(path, { cookie }), { bookingId: booking.id }) as never));
    await db()
      .update(ticketTypes)
      .set({ priceMinor: acme.adult.priceMinor + 400 })
      .where(eq(ticketTypes.id, acme.adult.id));
    try {
      const view = await load();
      expect(view.data.difference).toBeGreaterThan(0);
      const sent = await outcome(() =>
        page.action(
          args(pageRequest(path, { cookie, form: { idempotencyKey: view.data.idempotencyKey, slotId: to.id } }), {
            bookingId: booking.id,
          }) as never,
        ),
      );
      expect(sent.location).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
      // Nothing moved yet; the page shows the move waiting for its payment.
      expect((await world.bookingRow(db(), booking.id)).slotId).toBe(from.id);
      const waiting = await load();
      expect(waiting.data.booking.pendingChange).toMatchObject({
        checkoutUrl: sent.location,
        amountMinor: view.data.difference,
      });
      expect((await world.pay(world.sessionIdOf(sent.location!))).status).toBe(200);
      const after = await outcome(() =>
        bookingPage.loader(
          args(pageRequest(`/account/booking/${booking.id}?moved=1`, { cookie }), { bookingId: booking.id }) as never,
        ),
      );
      expect(after.data.booking.startsAt).toBe(to.startsAt.toISOString());
      expect(after.data.movedNotice).toBe("reschedule.movedNotice");
      expect(after.data.booking.changes).toEqual([
        expect.objectContaining({ priceDifferenceMinor: view.data.difference }),
      ]);
    } finally {
      await db()
        .update(ticketTypes)
        .set({ priceMinor: acme.adult.priceMinor })
        .where(eq(ticketTypes.id, acme.adult.id));
    }
  });

  it("closed past the deadline, with the reason; another guest's booking is not found", async () => {
    const user = await world.bookingUser(acme);
    const late = await world.createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours - 2 });
    const booking = await world.confirmedBooking(user, acme, late.id, 1);
    const cookie = await sessionFor(user);
    const path = `/account/booking/${booking.id}/reschedule`;
    const view = await outcome(() =>
      page.loader(args(pageRequest(path, { cookie }), { bookingId: booking.id }) as never),
    );
    expect(view.data).toMatchObject({
      open: false,
      choices: null,
      day: null,
      closedReason: "reschedule.closedDeadline",
    });
    const to = await world.createSlot(db(), acme.serviceId);
    const refused = await outcome(() =>
      page.action(
        args(pageRequest(path, { cookie, form: { idempotencyKey: randomUUID(), slotId: to.id } }), {
          bookingId: booking.id,
        }) as never,
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.result.error[""]).toEqual(["apiErrors.reschedule_closed"]);

    const stranger = await signedInUser();
    const theirs = await outcome(() =>
      page.loader(args(pageRequest(path, { cookie: stranger.cookie }), { bookingId: booking.id }) as never),
    );
    expect(theirs.status).toBe(404);
  });
});
