import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as bookingPage from "~/routes/_console.console.bookings.$bookingId";
import * as movePage from "~/routes/_console.console.departures.$departureId.move";
import { bookingRow, bookingUser, bookingWorld, confirmedBooking, createSlot } from "../support/booking";
import { outboxOfKind } from "../support/identity";
import { consoleLoad, consolePost, memberOf } from "../support/console-routes";
import { addTeamMember } from "../support/operator";
import { args, outcome, pageRequest, signedInUser } from "../support/routes";

/** The desk's moves in the console: a booking's "Move to another departure", a departure's "Move all guests". */
const { db, acme } = bookingWorld();

describe("/console/bookings/$bookingId: move to another departure", () => {
  it("lists the service's upcoming departures with room (zone named, seats left) and moves the booking with a native POST", async () => {
    const guest = await bookingUser(acme);
    const from = await createSlot(db(), acme.serviceId, { startsInHours: 200 });
    const to = await createSlot(db(), acme.serviceId, { startsInHours: 224, capacity: 6 });
    const full = await createSlot(db(), acme.serviceId, { startsInHours: 226, capacity: 4, seatsLeft: 1 });
    const booking = await confirmedBooking(guest, acme, from.id, 2);
    const path = `/console/bookings/${booking.id}`;
    const params = { bookingId: booking.id };
    const manager = await memberOf(db(), "manager");

    const view = await consoleLoad(bookingPage, path, manager.cookie, params);
    expect(view.status).toBe(200);
    const ids = view.data.move.choices.map((choice: { id: string }) => choice.id);
    expect(ids).toContain(to.id);
    expect(ids).not.toContain(from.id); // where it is
    expect(ids).not.toContain(full.id); // no room for the party of 2
    expect(view.data.move.choices.find((choice: { id: string }) => choice.id === to.id)).toMatchObject({
      seatsLeft: 6,
      timezone: expect.any(String),
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    const form = {
      intent: "move",
      toSlotId: to.id,
      difference: "refund",
      idempotencyKey: view.data.move.idempotencyKey,
    };
    // No departure chosen: the form again with its error, nothing moved.
    const empty = await consolePost(bookingPage, path, manager.cookie, { ...form, toSlotId: "" }, params);
    expect(empty.status).toBe(400);
    expect(empty.data.intent).toBe("move");
    // A departure with no room left for the party: the API's refusal on the field.
    const refused = await consolePost(bookingPage, path, manager.cookie, { ...form, toSlotId: full.id }, params);
    expect(refused.status).toBe(409);
    expect(refused.data.result.error.toSlotId).toEqual(["desk.move.soldOut"]);
    expect((await bookingRow(db(), booking.id)).slotId).toBe(from.id);

    const sent = await consolePost(bookingPage, path, manager.cookie, form, params);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(path);
    // Sent twice (same key): one move, one email.
    expect((await consolePost(bookingPage, path, manager.cookie, form, params)).status).toBe(302);
    expect((await bookingRow(db(), booking.id)).slotId).toBe(to.id);
    expect(await outboxOfKind(guest.email, "booking_rescheduled")).toHaveLength(1);
  });

  it("a guide may not post a move; the refund form still posts without an intent", async () => {
    const guest = await bookingUser(acme);
    const from = await createSlot(db(), acme.serviceId);
    const to = await createSlot(db(), acme.serviceId);
    const booking = await confirmedBooking(guest, acme, from.id, 1);
    const path = `/console/bookings/${booking.id}`;
    const params = { bookingId: booking.id };
    const guide = await memberOf(db(), "guide");
    const form = { intent: "move", toSlotId: to.id, difference: "refund", idempotencyKey: randomUUID() };
    expect((await consolePost(bookingPage, path, guide.cookie, form, params)).status).toBe(403);
    expect((await bookingRow(db(), booking.id)).slotId).toBe(from.id);
    const owner = await memberOf(db(), "owner");
    const view = await consoleLoad(bookingPage, path, owner.cookie, params);
    const refund = await consolePost(
      bookingPage,
      path,
      owner.cookie,
      { amount: "1.00", reason: "Goodwill", alreadyRefundedMinor: "0", idempotencyKey: view.data.idempotencyKey },
      params,
    );
    expect(refund.status).toBe(302);
  });
});

describe("/console/departures/$departureId/move", () => {
  it("the guard: signed out to sign-in, a guide 403, another operator's or an unknown departure 404", async () => {
    const from = await createSlot(db(), acme.serviceId);
    const path = `/console/departures/${from.id}/move`;
    const params = { departureId: from.id };
    const out = await consoleLoad(movePage, path, null, params);
    expect(out.status).toBe(302);
    expect(out.location).toContain("/login?redirectUrl=");
    expect((await consoleLoad(movePage, path, (await memberOf(db(), "guide")).cookie, params)).status).toBe(403);
    const manager = await memberOf(db(), "manager");
    expect(
      (await consoleLoad(movePage, "/console/departures/nope/move", manager.cookie, { departureId: "nope" })).status,
    ).toBe(404);
    const harbor = await signedInUser();
    await addTeamMember(db(), "harbor", harbor.user.uid, "owner");
    const harborPath = { path, host: "harbor.app.localhost:3000" };
    const other = await outcome(() =>
      movePage.loader(
        args(pageRequest(harborPath.path, { cookie: harbor.cookie, host: harborPath.host }), params) as never,
      ),
    );
    expect(other.status).toBe(404);
  });

  it("moves every guest who fits, lists those who do not (by name), each moved guest told once", async () => {
    const from = await createSlot(db(), acme.serviceId, { startsInHours: 250, capacity: 4 });
    const to = await createSlot(db(), acme.serviceId, { startsInHours: 274, capacity: 3 });
    const guests = [];
    for (const adults of [2, 2]) {
      const guest = await bookingUser(acme);
      guests.push({ guest, booking: await confirmedBooking(guest, acme, from.id, adults) });
    }
    const path = `/console/departures/${from.id}/move`;
    const params = { departureId: from.id };
    const owner = await memberOf(db(), "owner");
    const view = await consoleLoad(movePage, path, owner.cookie, params);
    expect(view.status).toBe(200);
    expect(view.data.choices.map((choice: { id: string }) => choice.id)).toContain(to.id);
    expect(view.data.departure.bookings).toBe(2);

    const form = { toSlotId: to.id, mode: "move", idempotencyKey: view.data.idempotencyKey };
    expect((await consolePost(movePage, path, owner.cookie, { ...form, mode: "teleport" }, params)).status).toBe(400);
    const sent = await consolePost(movePage, path, owner.cookie, form, params);
    expect(sent.status).toBe(200);
    const { moved, notMoved } = sent.data.outcome;
    expect(moved.map((row: { bookingId: string }) => row.bookingId)).toEqual([guests[0].booking.id]);
    expect(notMoved).toEqual([
      expect.objectContaining({ bookingId: guests[1].booking.id, reason: "no_room", guestName: "Ada Lovelace" }),
    ]);
    // The same form again (a reload): the same answer, nobody told twice.
    const again = await consolePost(movePage, path, owner.cookie, form, params);
    expect(again.data.outcome).toEqual(sent.data.outcome);
    expect(await outboxOfKind(guests[0].guest.email, "booking_rescheduled")).toHaveLength(1);
    expect(await outboxOfKind(guests[1].guest.email, "booking_rescheduled")).toHaveLength(0);
  });

  it("offer: each guest emailed a link to choose", async () => {
    const from = await createSlot(db(), acme.serviceId, { startsInHours: 280 });
    const to = await createSlot(db(), acme.serviceId, { startsInHours: 300 });
    const guest = await bookingUser(acme);
    const booking = await confirmedBooking(guest, acme, from.id, 1);
    const path = `/console/departures/${from.id}/move`;
    const params = { departureId: from.id };
    const manager = await memberOf(db(), "manager");
    const sent = await consolePost(
      movePage,
      path,
      manager.cookie,
      { toSlotId: to.id, mode: "offer", idempotencyKey: randomUUID() },
      params,
    );
    expect(sent.status).toBe(200);
    expect(sent.data.outcome.offered).toEqual([expect.objectContaining({ bookingId: booking.id, link: true })]);
    const [offer] = await outboxOfKind(guest.email, "booking_move_offer");
    expect(offer.textBody).toContain(`/account/booking/${booking.id}/reschedule`);
    expect((await bookingRow(db(), booking.id)).slotId).toBe(from.id);
  });
});
