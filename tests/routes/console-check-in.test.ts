import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, slots } from "~api/db/schema";
import * as checkIn from "~/routes/_console.console.check-in";
import * as bookingPage from "~/routes/_default.account.booking.$bookingId";
import { findService, todaysBooking as todaysBookingOf } from "../support/booking";
import { identityWorld } from "../support/identity";
import { args, outcome, pageRequest, sessionFor } from "../support/routes";
import { ACME, consoleLoad, consolePost, expectTeamOnly, memberOf } from "../support/console-routes";

const { db } = identityWorld();

const PATH = "/console/check-in";

const load = (cookie: string | null, host = ACME) => consoleLoad(checkIn, PATH, cookie, {}, host);
const post = (cookie: string, form: Record<string, string>) => consolePost(checkIn, PATH, cookie, form);
const memberOfAcme = (role: "owner" | "manager" | "guide") => memberOf(db(), role);

/** A confirmed booking of two on a departure of today; its code and its traveller. */
const todaysBooking = async () => todaysBookingOf(db(), await findService(db(), "acme"));

describe("/console/check-in", () => {
  it("signed out: sign in; a non-member or the marketplace: 404; every member opens it, only owner and manager see the setting", async () => {
    await expectTeamOnly(PATH, load);
    const guide = await memberOfAcme("guide");
    expect((await load(guide.cookie, "localhost:3000")).status).toBe(404);
    const asGuide = await load(guide.cookie);
    expect(asGuide.status).toBe(200);
    expect(asGuide.data).toMatchObject({ settings: null, title: "Check-in", timeZone: expect.any(String) });
    const manager = await memberOfAcme("manager");
    const asManager = await load(manager.cookie);
    expect(asManager.data.settings).toEqual({
      requireCheckIn: false,
      rescheduleRefunds: true,
      cancellationCutoffHours: 24,
    });
    // A fresh idempotency key per page view.
    const again = await load(manager.cookie);
    expect(again.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.data.idempotencyKey).not.toBe(asManager.data.idempotencyKey);
    expect(asManager.data.constraints.scan).toMatchObject({ code: { required: true } });
  });

  it("a typed code checks the booking in; the same form sent again (same key) answers the same; a new page view: already checked in", async () => {
    const guide = await memberOfAcme("guide");
    const { code, slot } = await todaysBooking();
    // A guide checks in the departures assigned to them (issue 40).
    await db().update(slots).set({ guideUserId: guide.user.uid }).where(eq(slots.id, slot.id));
    const page = await load(guide.cookie);
    const form = { intent: "scan", code: code.toLowerCase(), idempotencyKey: page.data.idempotencyKey, guests: "" };
    const first = await post(guide.cookie, form);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      intent: "scan",
      code: code.toLowerCase(),
      answer: { outcome: "ok", admitted: 2, booking: { checkedIn: 2, seats: 2 } },
    });
    const double = await post(guide.cookie, form);
    expect(double.data.answer).toEqual(first.data.answer);
    const next = await load(guide.cookie);
    const second = await post(guide.cookie, { ...form, idempotencyKey: next.data.idempotencyKey });
    expect(second.data.answer).toMatchObject({ outcome: "already_checked_in", firstCheckedInAt: expect.any(String) });
  });

  it("one guest at a time; an unknown code: invalid; an empty code or bad guests: the form's errors (400)", async () => {
    const manager = await memberOfAcme("manager");
    const { code } = await todaysBooking();
    const key = () => crypto.randomUUID();
    const one = await post(manager.cookie, { intent: "scan", code, idempotencyKey: key(), guests: "1" });
    expect(one.data.answer).toMatchObject({ outcome: "ok", admitted: 1, booking: { checkedIn: 1 } });
    const unknown = await post(manager.cookie, { intent: "scan", code: "0".repeat(26), idempotencyKey: key() });
    expect(unknown.data.answer.outcome).toBe("invalid");
    const empty = await post(manager.cookie, { intent: "scan", code: " ", idempotencyKey: key() });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.code).toEqual(["tickets.codeRequired"]);
    const guests = await post(manager.cookie, { intent: "scan", code, idempotencyKey: key(), guests: "0" });
    expect(guests.status).toBe(400);
    expect(guests.data.result.error.guests).toEqual(["tickets.guestsInvalid"]);
    const noIntent = await post(manager.cookie, { code });
    expect(noIntent.status).toBe(400);
  });

  it("the setting: a guide gets 403; a manager turns it on (a flash after the redirect) and off (the box not sent)", async () => {
    const guide = await memberOfAcme("guide");
    expect((await post(guide.cookie, { intent: "settings", requireCheckIn: "on" })).status).toBe(403);
    const manager = await memberOfAcme("manager");
    const on = await post(manager.cookie, { intent: "settings", requireCheckIn: "on" });
    expect(on.status).toBe(302);
    expect(on.location).toBe(PATH);
    const [row] = await db().select().from(accounts).where(eq(accounts.slug, "acme"));
    expect(row.requireCheckIn).toBe(true);
    // The form's other box: refunds on a move to a cheaper departure (unticked: refused).
    expect(row.rescheduleRefunds).toBe(false);
    const off = await post(manager.cookie, { intent: "settings", rescheduleRefunds: "on" });
    expect(off.status).toBe(302);
    const [after] = await db().select().from(accounts).where(eq(accounts.slug, "acme"));
    expect(after.requireCheckIn).toBe(false);
    expect(after.rescheduleRefunds).toBe(true);
    expect(after.cancellationCutoffHours).toBe(24);
    // The free-cancellation window: a choice of the select; a value the API refuses is a 400 and changes nothing.
    for (const bad of ["721", "two", "-3"]) {
      const refused = await post(manager.cookie, {
        intent: "settings",
        rescheduleRefunds: "on",
        cancellationCutoffHours: bad,
      });
      expect(refused.status, bad).toBe(400);
    }
    const [unchanged] = await db().select().from(accounts).where(eq(accounts.slug, "acme"));
    expect(unchanged.cancellationCutoffHours).toBe(24);
    try {
      const set = await post(manager.cookie, {
        intent: "settings",
        rescheduleRefunds: "on",
        cancellationCutoffHours: "2",
      });
      expect(set.status).toBe(302);
      const [saved] = await db().select().from(accounts).where(eq(accounts.slug, "acme"));
      expect(saved.cancellationCutoffHours).toBe(2);
      expect((await load(manager.cookie)).data.settings.cancellationCutoffHours).toBe(2);
    } finally {
      await db().update(accounts).set({ cancellationCutoffHours: 24 }).where(eq(accounts.slug, "acme"));
    }
  });
});

describe("the booking page's ticket", () => {
  it("shows the QR code (an SVG) and the code of a confirmed booking; once checked in, no cancel button", async () => {
    const { traveller, booking, code } = await todaysBooking();
    const cookie = await sessionFor(traveller);
    const path = `/account/booking/${booking.id}`;
    const page = await outcome(() =>
      bookingPage.loader(args(pageRequest(path, { cookie }), { bookingId: booking.id }) as never),
    );
    expect(page.status).toBe(200);
    expect(page.data.booking.ticketCode).toBe(code);
    expect(page.data.ticketQr).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    const manager = await memberOfAcme("manager");
    await post(manager.cookie, { intent: "scan", code, idempotencyKey: crypto.randomUUID(), guests: "1" });
    const after = await outcome(() =>
      bookingPage.loader(args(pageRequest(path, { cookie }), { bookingId: booking.id }) as never),
    );
    expect(after.data.booking).toMatchObject({ canCancel: false, checkedInGuests: 1 });
    // The cancel form's action is refused too (today's departure is also inside the cutoff).
    const cancel = await outcome(() =>
      bookingPage.action(
        args(pageRequest(path, { cookie, form: { intent: "cancel" } }), { bookingId: booking.id }) as never,
      ),
    );
    expect(cancel.status).toBe(409);
  });
});
