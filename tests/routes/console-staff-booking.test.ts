import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, slots } from "~api/db/schema";
import * as page from "~/routes/_console.console.bookings.new";
import * as list from "~/routes/_console.console.bookings._index";
import * as bookingPage from "~/routes/_console.console.bookings.$bookingId";
import * as paid from "~/routes/_console.console.bookings.$bookingId_.paid";
import * as team from "~/routes/_console.console.team";
import { accounts } from "~api/db/schema";
import { checkoutTarget } from "~/features/console/staff-booking/staff-booking.server";
import { bookingWorld, createSlot, seatsTaken } from "../support/booking";
import { ACME, consoleLoad as load, consolePost as post, expectTeamOnly, memberOf } from "../support/console-routes";
import { args, outcome, pageRequest } from "../support/routes";
import { staffBookingForm } from "../support/staff-booking-form";

const { db, acme } = bookingWorld();
const PATH = "/console/bookings/new";

const form = (slotId: string, extra: Record<string, string> = {}) => staffBookingForm(acme.adult.id, slotId, extra);

describe("/console/bookings/new", () => {
  it("the guard: signed out to sign-in, a stranger 404, a guide 403 (the owner has not let guides book)", async () => {
    await expectTeamOnly(PATH, (cookie) => load(page, PATH, cookie));
    const guide = await memberOf(db(), "guide");
    expect((await load(page, PATH, guide.cookie)).status).toBe(403);
    const bookingsPage = await load(list, "/console/bookings", guide.cookie);
    expect(bookingsPage.data.canBook).toBe(false);
  });

  it("lists the experiences, then the chosen one's departures with seats left, closed ones marked", async () => {
    const manager = await memberOf(db(), "manager");
    expect((await load(list, "/console/bookings", manager.cookie)).data.canBook).toBe(true);
    const open = await createSlot(db(), acme.serviceId, { capacity: 8, seatsLeft: 5, startsInHours: 200 });
    const closed = await createSlot(db(), acme.serviceId, { capacity: 8, startsInHours: 201 });
    await db().update(slots).set({ status: "closed" }).where(eq(slots.id, closed.id));
    const first = await load(page, PATH, manager.cookie);
    expect(first.status).toBe(200);
    expect(first.data.bookable.experiences.map((e: { id: string }) => e.id)).toContain(acme.experienceId);
    expect(first.data.departure).toBeNull();
    const chosen = await load(page, `${PATH}?experience=${acme.experienceId}&departure=${closed.id}`, manager.cookie);
    const departures = chosen.data.bookable.departures;
    expect(departures.find((d: { id: string }) => d.id === open.id)).toMatchObject({ seatsLeft: 5, onSale: true });
    expect(chosen.data.departure).toMatchObject({ id: closed.id, onSale: false, timezone: expect.any(String) });
    expect(chosen.data.ticketTypes.map((type: { id: string }) => type.id)).toContain(acme.adult.id);
    // A made-up choice is no choice, never an error.
    const garbage = await load(page, `${PATH}?experience=%00&departure=../x`, manager.cookie);
    expect(garbage.status).toBe(200);
    expect(garbage.data.experience).toBeNull();
  });

  it("the form books (pay on arrival) and goes to the booking's page; the same form sent twice books once", async () => {
    const manager = await memberOf(db(), "manager");
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const sent = form(slot.id);
    const answer = await post(page, PATH, manager.cookie, sent);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/console\/bookings\/bk_/);
    const again = await post(page, PATH, manager.cookie, sent);
    expect(again.location).toBe(answer.location);
    const rows = await db().select().from(bookings).where(eq(bookings.slotId, slot.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      paymentStatus: "owed",
      channel: "staff",
      guestPhone: "+15551234567",
      guestEmail: sent.guestEmail,
    });
    expect(await seatsTaken(db(), slot.id)).toBe(2);
  });

  it("the booking page says who took it and what it owes; marking it paid takes it off", async () => {
    const manager = await memberOf(db(), "manager");
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const booked = await post(page, PATH, manager.cookie, form(slot.id));
    const bookingId = booked.location!.split("/").at(-1)!;
    const shown = await load(bookingPage, `/console/bookings/${bookingId}`, manager.cookie, { bookingId });
    expect(shown.data.page.source).toMatchObject({
      channel: "staff",
      staffPayment: "pay_on_arrival",
      canMarkPaid: true,
      takenBy: { userId: manager.user.uid },
    });
    const marked = await post(paid, `/console/bookings/${bookingId}/paid`, manager.cookie, {}, { bookingId });
    expect(marked.status).toBe(302);
    expect(marked.location).toBe(`/console/bookings/${bookingId}`);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row.paymentStatus).toBe("paid");
    // Again: nothing owed, said on the page (a redirect with a flash), never an error page.
    const again = await post(paid, `/console/bookings/${bookingId}/paid`, manager.cookie, {}, { bookingId });
    expect(again.status).toBe(302);
    const guide = await memberOf(db(), "guide");
    const refused = await post(paid, `/console/bookings/${bookingId}/paid`, guide.cookie, {}, { bookingId });
    expect(refused.status).toBe(403);
  });

  it("the owner lets guides take bookings on the team page; the guide then opens the page", async () => {
    const [owner, guide] = await Promise.all([memberOf(db(), "owner"), memberOf(db(), "guide")]);
    try {
      const before = await load(team, "/console/team", owner.cookie);
      expect(before.data.bookingSettings).toEqual({ guidesMayBook: false });
      const saved = await post(team, "/console/team", owner.cookie, { intent: "bookingSettings", guidesMayBook: "on" });
      expect(saved.status).toBe(302);
      expect((await load(team, "/console/team", owner.cookie)).data.bookingSettings).toEqual({ guidesMayBook: true });
      expect((await load(page, PATH, guide.cookie)).status).toBe(200);
      await post(team, "/console/team", owner.cookie, { intent: "bookingSettings" });
      expect((await load(page, PATH, guide.cookie)).status).toBe(403);
    } finally {
      await db().update(accounts).set({ guidesMayBook: false }).where(eq(accounts.slug, "acme"));
    }
  });

  it("validation errors show the form again (no tickets, no reason for comp, bad email); the closed departure's box", async () => {
    const manager = await memberOf(db(), "manager");
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const none = await post(page, PATH, manager.cookie, form(slot.id, { "tickets[0].quantity": "0" }));
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.data)).toContain("validation.ticketsRequired");
    const comp = await post(page, PATH, manager.cookie, form(slot.id, { payment: "comp" }));
    expect(comp.status).toBe(400);
    expect(JSON.stringify(comp.data)).toContain("priceReason");
    const email = await post(page, PATH, manager.cookie, form(slot.id, { guestEmail: "nope" }));
    expect(email.status).toBe(400);
    expect(JSON.stringify(email.data)).toContain("validation.emailInvalid");
    expect(await seatsTaken(db(), slot.id)).toBe(0);

    await db().update(slots).set({ status: "closed" }).where(eq(slots.id, slot.id));
    const closed = await post(page, PATH, manager.cookie, form(slot.id));
    expect(closed.status).toBe(409);
    expect(JSON.stringify(closed.data)).toContain("desk.newBooking.closedRefused");
    const allowed = await post(page, PATH, manager.cookie, form(slot.id, { allowClosed: "on" }));
    expect(allowed.status).toBe(302);
    expect(await seatsTaken(db(), slot.id)).toBe(2);
  });

  it("card now goes to the checkout on this site", async () => {
    const manager = await memberOf(db(), "manager");
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const answer = await post(page, PATH, manager.cookie, form(slot.id, { payment: "card_now" }));
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
    expect(checkoutTarget("https://evil.example/sandbox/checkout/x?y=1")).toBeNull();
    expect(checkoutTarget("javascript:alert(1)")).toBeNull();
    expect(checkoutTarget("https://checkout.stripe.com/c/pay/cs_1")).toBe("https://checkout.stripe.com/c/pay/cs_1");
  });

  it("a post from another site is refused (403) and books nothing", async () => {
    const manager = await memberOf(db(), "manager");
    const slot = await createSlot(db(), acme.serviceId, { capacity: 10 });
    const request = pageRequest(PATH, {
      cookie: manager.cookie,
      host: ACME,
      form: form(slot.id),
      origin: "https://evil.example",
    });
    const refused = await outcome(() => page.action(args(request) as never));
    expect(refused.status).toBe(403);
    expect(await seatsTaken(db(), slot.id)).toBe(0);
  });
});
