import "../../support/env";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { accounts, bookingCheckIns, bookings, checkInScans, slots } from "~api/db/schema";
import { purgeOld } from "~api/jobs/purge";
import { normaliseTicketCode } from "~contract/bookings/ticket-code";
import { expectEnvelope, expectPlainTextRefused } from "../../support/api";
import * as world from "../../support/booking";
import { syncedUser, type TestUser } from "../../support/identity";
import { auditEntries, syncedMember } from "../../support/operator";
import { v1, v1Path } from "../../support/client";

const { db, acme } = world.bookingWorld();

const startsNow = (slotId: string) => world.startNow(db(), slotId);
const todaysBooking = (adults = 2, guest?: TestUser) => world.todaysBooking(db(), acme, adults, guest);

function scan(token: string | undefined, body: unknown, account = "acme") {
  return v1.operatorCheckIn({ ...(token ? { token } : {}), body, account });
}

const fresh = (code: string, extra: Record<string, unknown> = {}) => ({ code, idempotencyKey: randomUUID(), ...extra });

describe("operatorCheckIn: who may scan", () => {
  it("401 signed out, 404 for a non-member and on another operator's storefront, 200 for every role", async () => {
    const { code } = await todaysBooking(1);
    expectEnvelope(await scan(undefined, fresh(code)), 401, "unauthorized");
    const stranger = await syncedUser();
    expectEnvelope(await scan(stranger.idToken, fresh(code)), 404, "not_found");
    const guide = await syncedMember(db(), "acme", "guide");
    // A member of acme on harbor's storefront is no one there.
    expectEnvelope(await scan(guide.idToken, fresh(code), "harbor"), 404, "not_found");
    const manager = await syncedMember(db(), "acme", "manager");
    const first = await scan(manager.idToken, fresh(code));
    expect(first.status).toBe(200);
    expect(first.body.data.outcome).toBe("ok");
    const owner = await syncedMember(db(), "acme", "owner");
    const again = await scan(owner.idToken, fresh(code));
    expect(again.body.data.outcome).toBe("already_checked_in");
  });

  it("a guide: only the departures assigned to them; another guide's or no one's: not_assigned (owner and manager pass)", async () => {
    const guide = await syncedMember(db(), "acme", "guide");
    const otherGuide = await syncedMember(db(), "acme", "guide");
    const mine = await todaysBooking(1);
    await db().update(slots).set({ guideUserId: guide.uid }).where(eq(slots.id, mine.slot.id));
    const theirs = await todaysBooking(1);
    await db().update(slots).set({ guideUserId: otherGuide.uid }).where(eq(slots.id, theirs.slot.id));
    const open = await todaysBooking(1);

    const notMine = await scan(guide.idToken, fresh(theirs.code));
    expect(notMine.body.data).toMatchObject({ outcome: "not_assigned", booking: null, admitted: 0 });
    expect((await scan(guide.idToken, fresh(mine.code))).body.data.outcome).toBe("ok");
    // Not on their manifest, so not theirs to check in either.
    expect((await scan(guide.idToken, fresh(open.code))).body.data).toMatchObject({
      outcome: "not_assigned",
      reason: "This departure is not assigned to you.",
      booking: null,
    });
    expect(await db().select().from(bookingCheckIns).where(eq(bookingCheckIns.bookingId, open.booking.id))).toEqual([]);
    const manager = await syncedMember(db(), "acme", "manager");
    expect((await scan(manager.idToken, fresh(theirs.code))).body.data.outcome).toBe("ok");
    expect((await scan(manager.idToken, fresh(open.code))).body.data.outcome).toBe("ok");
  });
});

describe("operatorCheckIn: outcomes", () => {
  it("ok with the booking's summary, then already_checked_in with the time of the first check-in; audited", async () => {
    const { code, booking, startsAt, slot } = await todaysBooking(2);
    const guide = await syncedMember(db(), "acme", "guide");
    await db().update(slots).set({ guideUserId: guide.uid }).where(eq(slots.id, slot.id));
    // Typed sloppily: lower case, groups, dashes, O for 0, I/L for 1.
    const sloppy = code
      .toLowerCase()
      .replace(/0/g, "o")
      .replace(/1/g, "l")
      .replace(/(.{4})/g, "$1 -");
    expect(normaliseTicketCode(sloppy)).toBe(code);
    const ok = await scan(guide.idToken, fresh(sloppy));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      outcome: "ok",
      reason: "Checked in 2 of 2 guests.",
      admitted: 2,
      firstCheckedInAt: null,
      booking: {
        id: booking.id,
        reference: booking.reference,
        guests: `2 ${acme.adult.name}s`,
        experienceTitle: acme.experienceTitle,
        serviceName: acme.serviceName,
        startsAt: startsAt.toISOString(),
        checkedIn: 2,
        seats: 2,
      },
    });
    expect(ok.body.data.booking.leadGuestName).toMatch(/\S/);
    const rows = await db().select().from(bookingCheckIns).where(eq(bookingCheckIns.bookingId, booking.id));
    expect(rows.map((row) => [row.guestNo, row.status, row.byUserId]).sort()).toEqual([
      [1, "checked_in", guide.uid],
      [2, "checked_in", guide.uid],
    ]);
    const audit = await auditEntries(db(), "booking.checked_in", guide.uid);
    expect(audit).toHaveLength(1);
    expect(audit[0].target).toMatchObject({ bookingId: booking.id, guests: "1,2" });

    const again = await scan(guide.idToken, fresh(code));
    expect(again.body.data).toMatchObject({
      outcome: "already_checked_in",
      admitted: 0,
      firstCheckedInAt: rows[0].at.toISOString(),
      booking: { id: booking.id, checkedIn: 2, seats: 2 },
    });
    expect(again.body.data.reason).toMatch(/already checked in/);
  });

  it("`guests` admits some now and the rest later", async () => {
    const { code } = await todaysBooking(3);
    const manager = await syncedMember(db(), "acme", "manager");
    const one = await scan(manager.idToken, fresh(code, { guests: 1 }));
    expect(one.body.data).toMatchObject({ outcome: "ok", admitted: 1, booking: { checkedIn: 1, seats: 3 } });
    const rest = await scan(manager.idToken, fresh(code, { guests: 5 }));
    expect(rest.body.data).toMatchObject({ outcome: "ok", admitted: 2, booking: { checkedIn: 3, seats: 3 } });
    expect((await scan(manager.idToken, fresh(code, { guests: 1 }))).body.data.outcome).toBe("already_checked_in");
  });

  it("cancelled (even when checked in before: validity first), refunded, expired and failed bookings answer cancelled", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const { code, booking } = await todaysBooking(1);
    expect((await scan(manager.idToken, fresh(code))).body.data.outcome).toBe("ok");
    for (const status of ["cancelled", "refunded", "expired", "failed"] as const) {
      await db().update(bookings).set({ status }).where(eq(bookings.id, booking.id));
      const answer = await scan(manager.idToken, fresh(code));
      expect(answer.body.data).toMatchObject({ outcome: "cancelled", booking: null, admitted: 0 });
    }
  });

  it("unpaid: a held booking, and a confirmed one whose payment is not made", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const guest = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId);
    const placed = await world.placeBooking(guest.idToken, world.bookingBody(acme, slot.id, 1));
    expect(placed.status).toBe(201);
    await startsNow(slot.id);
    const { ticketCode } = await world.bookingRow(db(), placed.body.data.booking.id);
    // The traveller does not see the code of a booking that is not confirmed.
    const view = await v1.booking({ params: { id: placed.body.data.booking.id }, token: guest.idToken });
    expect(view.body.data.ticketCode).toBeNull();
    expect((await scan(manager.idToken, fresh(ticketCode))).body.data.outcome).toBe("unpaid");

    const { code, booking } = await todaysBooking(1);
    await db().update(bookings).set({ paymentStatus: "pending" }).where(eq(bookings.id, booking.id));
    expect((await scan(manager.idToken, fresh(code))).body.data.outcome).toBe("unpaid");
  });

  it("wrong_date: a departure of another day, with its time and zone", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const guest = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 24 * 5 });
    const booking = await world.confirmedBooking(guest, acme, slot.id, 1);
    const { ticketCode } = await world.bookingRow(db(), booking.id);
    const answer = (await scan(manager.idToken, fresh(ticketCode))).body.data;
    expect(answer).toMatchObject({
      outcome: "wrong_date",
      admitted: 0,
      booking: { id: booking.id, startsAt: slot.startsAt.toISOString(), timezone: "America/New_York" },
    });
    // The reason says which day, in the departure's zone, the zone named (issue 40).
    const local = DateTime.fromJSDate(slot.startsAt, { zone: "America/New_York" });
    expect(answer.reason).toBe(
      `This booking is for another day: ${local.toFormat("cccc, LLLL d, yyyy, h:mm a ZZZZ")} (America/New_York).`,
    );
  });

  it("an experience in Denver (operator in New York): 'today' is Denver's date; wrong_date says the departure's day and zone", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const DENVER = "America/Denver";
    await world.inExperienceZone(db(), acme, DENVER, async () => {
      const now = DateTime.now().setZone(DENVER);
      const lateEvening = now.hour < 22; // before 22:00 in Denver, New York has the same date
      // Denver's today, on another date in New York: 22:30 (00:30 the next day in New York), or
      // 00:30 (02:30 in New York, where it is already tomorrow).
      const today = now.set(lateEvening ? { hour: 22, minute: 30 } : { hour: 0, minute: 30 });
      // Another date in Denver, New York's today: 23:00 yesterday (01:00 today in New York), or
      // 00:30 tomorrow (02:30 in New York's today).
      const other = lateEvening
        ? now.minus({ days: 1 }).set({ hour: 23, minute: 0 })
        : now.plus({ days: 1 }).set({ hour: 0, minute: 30 });
      // The cases tell the zones apart: judged in New York, each would answer the other outcome.
      const newYork = (at: DateTime) => at.setZone("America/New_York").toISODate();
      expect(today.toISODate()).toBe(now.toISODate());
      expect(newYork(today)).not.toBe(newYork(now));
      expect(other.toISODate()).not.toBe(now.toISODate());
      expect(newYork(other)).toBe(newYork(now));
      const bookAt = async (startsAt: DateTime) => {
        const guest = await world.bookingUser(acme);
        const slot = await world.createSlot(db(), acme.serviceId);
        const booking = await world.confirmedBooking(guest, acme, slot.id, 1);
        const at = startsAt.set({ second: 23, millisecond: 0 }).toJSDate();
        await db()
          .update(slots)
          .set({ startsAt: at, endsAt: new Date(at.getTime() + 90 * 60_000) })
          .where(eq(slots.id, slot.id));
        return { booking, code: (await world.bookingRow(db(), booking.id)).ticketCode, at };
      };
      const onToday = await bookAt(today);
      expect((await scan(manager.idToken, fresh(onToday.code))).body.data).toMatchObject({
        outcome: "ok",
        booking: { id: onToday.booking.id, startsAt: onToday.at.toISOString(), timezone: DENVER },
      });
      const onOther = await bookAt(other);
      expect((await scan(manager.idToken, fresh(onOther.code))).body.data).toMatchObject({
        outcome: "wrong_date",
        admitted: 0,
        booking: { id: onOther.booking.id, startsAt: onOther.at.toISOString(), timezone: DENVER, checkedIn: 0 },
        reason: `This booking is for another day: ${other.toFormat("cccc, LLLL d, yyyy, h:mm a ZZZZ")} (${DENVER}).`,
      });
    });
  });

  it("wrong_operator: another operator's real code says nothing of it; invalid: unknown or malformed codes", async () => {
    const { code } = await todaysBooking(1);
    const harborOwner = await syncedMember(db(), "harbor", "owner");
    const other = await scan(harborOwner.idToken, fresh(code), "harbor");
    expect(other.body.data).toEqual({
      outcome: "wrong_operator",
      reason: expect.any(String),
      admitted: 0,
      firstCheckedInAt: null,
      booking: null,
    });
    expect(JSON.stringify(other.body.data)).not.toContain(acme.experienceTitle);
    for (const bad of ["0".repeat(26), "ABC", code.slice(0, 25), `${code}0`, code.replace(/.$/, "U"), "!!!!"]) {
      const answer = await scan(harborOwner.idToken, fresh(bad), "harbor");
      expect(answer.status).toBe(200);
      expect(answer.body.data.outcome).toBe("invalid");
    }
  });
});

describe("operatorCheckIn: idempotency", () => {
  it("a retried scan with the same key answers the first answer, even after the booking changed", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const { code, booking } = await todaysBooking(1);
    const key = randomUUID();
    const first = await scan(manager.idToken, { code, idempotencyKey: key });
    expect(first.body.data.outcome).toBe("ok");
    const retry = await scan(manager.idToken, { code, idempotencyKey: key });
    expect(retry.body.data).toEqual(first.body.data);
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking.id));
    expect((await scan(manager.idToken, { code, idempotencyKey: key })).body.data).toEqual(first.body.data);
    // Kept a few days for retries, then purged by the nightly purge.
    const accountId = acme.accountId;
    await db()
      .update(checkInScans)
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(and(eq(checkInScans.accountId, accountId), eq(checkInScans.idempotencyKey, key)));
    await purgeOld(db());
    const left = await db()
      .select()
      .from(checkInScans)
      .where(and(eq(checkInScans.accountId, accountId), eq(checkInScans.idempotencyKey, key)));
    expect(left).toHaveLength(0);
  });
});

describe("operatorCheckIn: hostile input", () => {
  it("400 validation_error for bad bodies and wrong content types, never a 500", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const bodies: unknown[] = [
      {},
      { code: "ABCD" },
      { code: "ABCD", idempotencyKey: "short" },
      { code: "", idempotencyKey: randomUUID() },
      { code: "A".repeat(101), idempotencyKey: randomUUID() },
      { code: "AB\u0000CD", idempotencyKey: randomUUID() },
      { code: 42, idempotencyKey: randomUUID() },
      { code: "ABCD", idempotencyKey: "k".repeat(129) },
      { code: "ABCD", idempotencyKey: "with spaces in it" },
      { code: "ABCD", idempotencyKey: randomUUID(), guests: 0 },
      { code: "ABCD", idempotencyKey: randomUUID(), guests: 1.5 },
      { code: "ABCD", idempotencyKey: randomUUID(), guests: 21 },
      { code: "ABCD", idempotencyKey: randomUUID(), guests: "2" },
      [],
      "code",
    ];
    for (const body of bodies) expectEnvelope(await scan(manager.idToken, body), 400, "validation_error");
    await expectPlainTextRefused({ method: "POST", path: v1Path("operatorCheckIn") }, manager.idToken, "ABCD");
  });

  it("rate-limited per member: 429 with Retry-After past 120 scans a minute", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    let limited;
    for (let i = 0; i < 125 && !limited; i++) {
      const answer = await scan(manager.idToken, fresh("0000"));
      if (answer.status === 429) limited = answer;
      else expect(answer.status).toBe(200);
    }
    expect(limited).toBeDefined();
    expectEnvelope(limited!, 429, "rate_limited");
    expect(Number(limited!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("the traveller's ticket and cancelling after check-in", () => {
  it("ticketCode once confirmed; a checked-in booking answers 409 checked_in and canCancel false", async () => {
    const { traveller, booking, code } = await todaysBooking(2);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const view = await v1.booking({ params: { id: booking.id }, token: traveller.idToken });
    expect(view.body.data.ticketCode).toBe(code);
    // Today's departure starts within the cutoff: make cancelling open, so only the check-in stops it.
    await db().update(accounts).set({ cancellationCutoffHours: 0 }).where(eq(accounts.id, acme.accountId));
    try {
      const before = await v1.booking({ params: { id: booking.id }, token: traveller.idToken });
      expect(before.body.data).toMatchObject({ canCancel: true, checkedInGuests: 0 });
      const manager = await syncedMember(db(), "acme", "manager");
      expect((await scan(manager.idToken, fresh(code, { guests: 1 }))).body.data.outcome).toBe("ok");
      const after = await v1.booking({ params: { id: booking.id }, token: traveller.idToken });
      expect(after.body.data).toMatchObject({ canCancel: false, checkedInGuests: 1, status: "confirmed" });
      expectEnvelope(
        await v1.cancelBooking({ params: { id: booking.id }, token: traveller.idToken }),
        409,
        "checked_in",
      );
      expect((await world.bookingRow(db(), booking.id)).status).toBe("confirmed");
    } finally {
      await db()
        .update(accounts)
        .set({ cancellationCutoffHours: acme.cutoffHours })
        .where(eq(accounts.id, acme.accountId));
    }
  });

  it("the confirmation email has the code as text and its QR as ticket.png; the calendar file has the code", async () => {
    const { traveller, booking, code } = await todaysBooking(1);
    const mails = (await v1.devOutbox({ query: { to: traveller.email, limit: "50" } })).body.data as Array<{
      kind: string;
      textBody: string;
      attachments: Array<{ name: string; contentType: string }>;
    }>;
    const confirmation = mails.find((mail) => mail.kind === "booking_confirmed")!;
    expect(confirmation.textBody).toContain(code.match(/.{1,4}/g)!.join(" "));
    expect(confirmation.attachments.map((file) => [file.name, file.contentType])).toEqual(
      expect.arrayContaining([["ticket.png", "image/png"]]),
    );
    const ics = await v1.bookingCalendar({ params: { id: booking.id }, token: traveller.idToken });
    expect(ics.status).toBe(200);
    const unfolded = (ics.body.data.content as string).replace(/\r\n /g, "");
    expect(unfolded).toContain(`Ticket code: ${code.match(/.{1,4}/g)!.join(" ")}`);
    expect(unfolded).toContain(`/account/booking/${booking.id}`);
  });
});

describe("check-in settings", () => {
  it("owner and manager set it (audited); a guide reads it but gets 403 setting it", async () => {
    const guide = await syncedMember(db(), "acme", "guide");
    const manager = await syncedMember(db(), "acme", "manager");
    const read = await v1.operatorCheckInSettings({ token: guide.idToken, account: "acme" });
    expect(read.body.data).toEqual({ requireCheckIn: false, rescheduleRefunds: true, cancellationCutoffHours: 24 });
    expectEnvelope(
      await v1.operatorUpdateCheckInSettings({ token: guide.idToken, account: "acme", body: { requireCheckIn: true } }),
      403,
      "forbidden",
    );
    expectEnvelope(
      await v1.operatorUpdateCheckInSettings({
        token: manager.idToken,
        account: "acme",
        body: { requireCheckIn: "yes" },
      }),
      400,
      "validation_error",
    );
    const set = await v1.operatorUpdateCheckInSettings({
      token: manager.idToken,
      account: "acme",
      body: { requireCheckIn: true },
    });
    expect(set.body.data).toEqual({ requireCheckIn: true, rescheduleRefunds: true, cancellationCutoffHours: 24 });
    const audit = await auditEntries(db(), "check_in.settings_updated", manager.uid);
    expect(audit).toHaveLength(1);
    await v1.operatorUpdateCheckInSettings({
      token: manager.idToken,
      account: "acme",
      body: { requireCheckIn: false },
    });
  });

  it("the free-cancellation window: 0 to 720 hours (audited, the catalog told); travellers' cancellations and the operator's goodwill follow it", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    const update = (body: Record<string, unknown>) =>
      v1.operatorUpdateCheckInSettings({ token: manager.idToken, account: "acme", body });
    for (const bad of [-1, 721, 2.5, "12", null])
      expectEnvelope(await update({ requireCheckIn: false, cancellationCutoffHours: bad }), 400, "validation_error");
    const guest = await world.bookingUser(acme);
    const slot = await world.createSlot(db(), acme.serviceId, { startsInHours: 10 });
    const booking = await world.confirmedBooking(guest, acme, slot.id, 1);
    const money = async () =>
      (await v1.operatorGetBooking({ params: { bookingId: booking.id }, account: "acme", token: manager.idToken })).body
        .data.money;
    // Ten hours away, inside the default 24: the traveller cannot cancel, a refund would be goodwill.
    expect((await v1.booking({ params: { id: booking.id }, token: guest.idToken })).body.data.canCancel).toBe(false);
    expect((await money()).refundIsGoodwill).toBe(true);
    try {
      const set = await update({ requireCheckIn: false, cancellationCutoffHours: 0 });
      expect(set.body.data).toEqual({ requireCheckIn: false, rescheduleRefunds: true, cancellationCutoffHours: 0 });
      const audit = await auditEntries(db(), "cancellation_policy.updated", manager.uid);
      expect(audit.map((entry) => entry.target)).toEqual([{ cancellationCutoffHours: "0" }]);
      // Unchanged: no second entry.
      await update({ requireCheckIn: false, cancellationCutoffHours: 0 });
      expect(await auditEntries(db(), "cancellation_policy.updated", manager.uid)).toHaveLength(1);
      expect((await v1.booking({ params: { id: booking.id }, token: guest.idToken })).body.data.canCancel).toBe(true);
      expect((await money()).refundIsGoodwill).toBe(false);
      // Not sent: left as it is.
      expect((await update({ requireCheckIn: false })).body.data.cancellationCutoffHours).toBe(0);
    } finally {
      await update({ requireCheckIn: false, cancellationCutoffHours: 24 });
    }
  });

  // Last in the file: it moves the test clock forward.
  it("with require check-in on, only a booking with a guest checked in gets the tip email (and its review invitation)", async () => {
    const manager = await syncedMember(db(), "acme", "manager");
    await db().update(accounts).set({ requireCheckIn: true }).where(eq(accounts.id, acme.accountId));
    try {
      const checkedIn = await todaysBooking(2);
      const slot = checkedIn.slot;
      const absent = await world.bookingUser(acme);
      const absentBooking = await world.confirmedBooking(
        absent,
        acme,
        (await world.createSlot(db(), acme.serviceId)).id,
        1,
      );
      await db().update(bookings).set({ slotId: slot.id }).where(eq(bookings.id, absentBooking.id));
      expect((await scan(manager.idToken, fresh(checkedIn.code, { guests: 1 }))).body.data.outcome).toBe("ok");
      const [{ endsAt }] = await db().select({ endsAt: slots.endsAt }).from(slots).where(eq(slots.id, slot.id));
      await v1.moveDevClock({ body: { now: new Date(endsAt.getTime() + 45 * 60_000).toISOString() } });
      await v1.moveDevClock({ body: { advanceMinutes: 1 } });
      const tips = async (email: string) =>
        (
          (await v1.devOutbox({ query: { to: email, limit: "100" } })).body.data as Array<{
            kind: string;
            textBody: string;
          }>
        ).filter((mail) => mail.kind === "tip_request");
      const sent = await tips(checkedIn.traveller.email);
      expect(sent).toHaveLength(1);
      expect(sent[0].textBody).toContain("#review");
      expect(await tips(absent.email)).toHaveLength(0);
      expect((await world.bookingRow(db(), absentBooking.id)).tipEmailSentAt).toBeNull();
    } finally {
      await db().update(accounts).set({ requireCheckIn: false }).where(eq(accounts.id, acme.accountId));
    }
  });
});
