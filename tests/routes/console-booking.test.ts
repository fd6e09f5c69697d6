import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRefunds } from "~api/db/schema";
import * as page from "~/routes/_console.console.bookings.$bookingId";
import * as receipt from "~/routes/_default.account.receipt.$bookingId";
import { bookingRow, bookingUser, bookingWorld, confirmedBooking, createSlot } from "../support/booking";
import { consoleLoad, consolePost, expectTeamOnly, memberOf } from "../support/console-routes";
import { ledgerSidesOf } from "../support/payouts";
import { args, outcome, pageRequest, sessionFor } from "../support/routes";

const { db, acme } = bookingWorld();

const post = (path: string, cookie: string, form: Record<string, string>, params: Record<string, string>) =>
  consolePost(page, path, cookie, form, params);

async function paidBooking() {
  const guest = await bookingUser(acme);
  const slot = await createSlot(db(), acme.serviceId);
  const booking = await confirmedBooking(guest, acme, slot.id, 2);
  return { guest, booking, path: `/console/bookings/${booking.id}`, params: { bookingId: booking.id } };
}

const rows = (bookingId: string) => db().select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, bookingId));

describe("/console/bookings/$bookingId", () => {
  it("the guard: signed out to sign-in, a stranger 404, a guide not leading it 404 (view) and 403 (refund), a malformed id 404", async () => {
    const { path, params } = await paidBooking();
    await expectTeamOnly(path, (cookie) => consoleLoad(page, path, cookie, params));
    const guide = await memberOf(db(), "guide");
    expect((await consoleLoad(page, path, guide.cookie, params)).status).toBe(404);
    expect(
      (
        await consoleLoad(page, "/console/bookings/nope", (await memberOf(db(), "manager")).cookie, {
          bookingId: "nope",
        })
      ).status,
    ).toBe(404);
  });

  it("a manager refunds part with a reason; the same form sent twice refunds once; a stale form is 409 with the current figure; the receipt lists the refund", async () => {
    const { guest, booking, path, params } = await paidBooking();
    const manager = await memberOf(db(), "manager");
    const first = await consoleLoad(page, path, manager.cookie, params);
    expect(first.status).toBe(200);
    const view = first.data;
    expect(view.canRefund).toBe(true);
    // Who keeps what: the platform's commission (15 %, the service fee within it) and the operator's
    // rest, as the ledger holds them.
    const { feesMinor, commissionBps } = await bookingRow(db(), booking.id);
    expect(commissionBps).toBe(1_500);
    const platformMinor = Math.round((booking.totalMinor * 15) / 100);
    expect(view.page.money).toMatchObject({
      paidMinor: booking.totalMinor,
      refundedMinor: 0,
      serviceFeeMinor: feesMinor,
      commissionMinor: platformMinor - feesMinor,
      operatorMinor: booking.totalMinor - platformMinor,
    });
    expect(await ledgerSidesOf(db(), booking.id)).toEqual({
      serviceFeeMinor: feesMinor,
      commissionMinor: platformMinor - feesMinor,
      operatorMinor: booking.totalMinor - platformMinor,
    });
    expect(view.idempotencyKey).toMatch(/^[a-f0-9]{32}$/);
    const form = {
      amount: "5.00",
      reason: "The boat was late",
      alreadyRefundedMinor: String(view.page.money.refundedMinor),
      idempotencyKey: view.idempotencyKey,
    };
    const sent = await post(path, manager.cookie, form, params);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(path);
    // A double click: the same form again (same key) answers the same refund.
    const again = await post(path, manager.cookie, form, params);
    expect(again.status).toBe(302);
    expect(await rows(booking.id)).toHaveLength(1);
    expect((await rows(booking.id))[0]).toMatchObject({
      amountMinor: 500,
      reason: "The boat was late",
      requestedBy: manager.user.uid,
    });

    // A second tab, opened before the refund: a new key, the old figure → 409 with the current figure.
    const stale = await post(path, manager.cookie, { ...form, idempotencyKey: "othertab12345678" }, params);
    expect(stale.status).toBe(409);
    expect(stale.data.conflict).toMatchObject({ key: "refunds.stale", amountMinor: 500 });
    expect(await rows(booking.id)).toHaveLength(1);

    // The page again: the refund listed, a fresh key, the new figure in the hidden field.
    const after = await consoleLoad(page, path, manager.cookie, params);
    expect(after.data.page.money.refunds).toHaveLength(1);
    expect(after.data.page.money.refundedMinor).toBe(500);
    // The refund gave back its share of each part: the page says what the ledger holds.
    const kept = await ledgerSidesOf(db(), booking.id);
    expect(kept.operatorMinor + kept.commissionMinor + kept.serviceFeeMinor).toBe(booking.totalMinor - 500);
    expect(kept.serviceFeeMinor).toBe(feesMinor - Math.round((feesMinor * 500) / booking.totalMinor));
    expect(after.data.page.money).toMatchObject(kept);
    expect(after.data.idempotencyKey).not.toBe(view.idempotencyKey);

    // Invalid input: the form again with the field's error, nothing refunded.
    const invalid = await post(
      path,
      manager.cookie,
      { ...form, amount: "abc", idempotencyKey: after.data.idempotencyKey, alreadyRefundedMinor: "500" },
      params,
    );
    expect(invalid.status).toBe(400);
    expect(await rows(booking.id)).toHaveLength(1);

    const guestCookie = await sessionFor(guest);
    const shown = await outcome(() =>
      receipt.loader(
        args(pageRequest(`/account/receipt/${booking.id}`, { cookie: guestCookie }), {
          bookingId: booking.id,
        }) as never,
      ),
    );
    expect(shown.status).toBe(200);
    expect(shown.data.booking.refunds).toEqual([expect.objectContaining({ amountMinor: 500 })]);
  });

  it("the form sends the amount as typed: the API reads it in the booking's currency (a comma too); too many decimals is the amount field's error; a conflict names the booking's currency", async () => {
    const { booking, path, params } = await paidBooking();
    const manager = await memberOf(db(), "manager");
    const view = (await consoleLoad(page, path, manager.cookie, params)).data;
    const form = { reason: "Late start", alreadyRefundedMinor: "0", idempotencyKey: view.idempotencyKey };
    // More decimals than the currency has: the form again (400), the API's refusal on the amount field.
    const decimals = await post(path, manager.cookie, { ...form, amount: `1.${"1".repeat(view.digits + 1)}` }, params);
    expect(decimals.status).toBe(400);
    expect(decimals.data.result.error).toMatchObject({ amount: ["refunds.amountInvalid"] });
    expect(await rows(booking.id)).toHaveLength(0);
    // A decimal comma, as typed: 2,5 is 2.50 in the booking's currency.
    const typed = view.digits > 0 ? "2,5" : "2";
    const sent = await post(path, manager.cookie, { ...form, amount: typed }, params);
    expect(sent.status).toBe(302);
    const expected = view.digits > 0 ? 25 * 10 ** (view.digits - 1) : 2;
    expect(await rows(booking.id)).toEqual([expect.objectContaining({ amountMinor: expected })]);
    // More than is left: 409 with what is left, in the booking's currency (from the API's refusal).
    const over = await post(
      path,
      manager.cookie,
      { ...form, amount: "999999", alreadyRefundedMinor: String(expected), idempotencyKey: "overtab123456789" },
      params,
    );
    expect(over.status).toBe(409);
    expect(over.data.conflict).toMatchObject({
      key: "refunds.exceeds",
      amountMinor: booking.totalMinor - expected,
      currency: view.page.money.currency,
    });
  });

  it("a guide leading the departure views the booking without any money, gets no refund form, and cannot post one", async () => {
    const { booking, path, params } = await paidBooking();
    const guide = await memberOf(db(), "guide");
    const row = await bookingRow(db(), booking.id);
    await db().execute(`update slots set guide_user_id = '${guide.user.uid}' where id = '${row.slotId}'`);
    const seen = await consoleLoad(page, path, guide.cookie, params);
    expect(seen.status).toBe(200);
    expect(seen.data.canRefund).toBe(false);
    expect(seen.data.page.money).toBeNull();
    expect(seen.data.page.booking).toMatchObject({ id: booking.id, seats: 2 });
    // Nothing of the page's data is an amount: no price, total, payment or refund.
    expect(JSON.stringify(seen.data.page)).not.toMatch(/Minor|currency|refunds|"payment"|unitPrice/);
    const refused = await post(
      path,
      guide.cookie,
      { amount: "1", reason: "x", alreadyRefundedMinor: "0", idempotencyKey: seen.data.idempotencyKey },
      params,
    );
    expect(refused.status).toBe(403);
    expect(await rows(booking.id)).toHaveLength(0);
  });
});
