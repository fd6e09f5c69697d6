import "../../support/env";
import { describe, expect, it } from "vitest";
import { expectEnvelope } from "../../support/api";
import {
  bookingWorld,
  bookingRow,
  bookingUser,
  confirmedBooking,
  createSlot,
  pay,
  sessionIdOf,
} from "../../support/booking";
import { createUser, outboxOfKind } from "../../support/identity";
import { v1 } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";

const { db, acme: service } = bookingWorld();
checkLedgerAfterEach(db);

const tipMails = (to: string) => outboxOfKind(to, "tip_request");

describe("tips by access key", () => {
  it("asks once after the trip; the link shows the booking and presets, takes one paid tip, refuses the rest", async () => {
    const slot = await createSlot(db(), service.serviceId, { startsInHours: 30, durationMinutes: 90 });
    const guest = await bookingUser(service);
    const booking = await confirmedBooking(guest, service, slot.id, 2);
    const { totalMinor } = await bookingRow(db(), booking.id);

    // Not before the trip has ended and 30 minutes passed.
    const ended = await v1.moveDevClock({ body: { now: new Date(slot.endsAt.getTime() + 10 * 60_000).toISOString() } });
    expect(ended.body.data.ran).toMatchObject({ completed: 1, tipRequests: 0 });
    const asked = await v1.moveDevClock({ body: { advanceMinutes: 25 } });
    expect(asked.body.data.ran.tipRequests).toBe(1);
    expect((await v1.moveDevClock({ body: { advanceMinutes: 60 } })).body.data.ran.tipRequests).toBe(0);
    const mails = await tipMails(guest.email);
    expect(mails).toHaveLength(1);
    const key = /\/gratuity\/([A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])/.exec(mails[0].textBody)![1];
    expect((await bookingRow(db(), booking.id)).tipKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await bookingRow(db(), booking.id)).tipKeyHash).not.toContain(key);

    const page = await v1.tipPage({ params: { accessKey: key } });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.body.data).toMatchObject({
      // The reference travellers know (WF-…), as on the booking's page, not the internal id.
      booking: { reference: booking.reference, operatorName: expect.any(String), experienceTitle: expect.any(String) },
      currency: expect.stringMatching(/^[A-Z]{3}$/),
      presets: [15, 18, 20].map((percent) => ({
        percent,
        amountMinor: Math.max(100, Math.round((totalMinor * percent) / 100)),
      })),
      tip: null,
    });

    for (const bad of ["x", "A".repeat(32), "A".repeat(31) + "!", "A".repeat(33)]) {
      expectEnvelope(await v1.tipPage({ params: { accessKey: bad } }), 404, "tip_not_found");
    }
    expectEnvelope(await v1.tipPage({ params: { accessKey: "%00".repeat(11) } }), 400, "validation_error");
    expectEnvelope(
      await v1.startTip({ params: { accessKey: key }, body: { amount: 50 } }),
      422,
      "tip_amount_out_of_range",
    );
    expectEnvelope(
      await v1.startTip({ params: { accessKey: key }, body: { amount: 10_000_000 } }),
      422,
      "tip_amount_out_of_range",
    );
    expectEnvelope(await v1.startTip({ params: { accessKey: key }, body: { amount: 1.5 } }), 400, "validation_error");
    expectEnvelope(await v1.startTip({ params: { accessKey: key }, body: {} }), 400, "validation_error");

    // A first amount, then another: the latest checkout is the one to pay.
    const first = await v1.startTip({ params: { accessKey: key }, body: { amount: 500 } });
    expect(first.status).toBe(200);
    const eighteen = page.body.data.presets[1].amountMinor;
    const started = await v1.startTip({ params: { accessKey: key }, body: { amount: eighteen } });
    expect(started.status).toBe(200);
    expect(started.body.data.checkoutUrl).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
    expect((await pay(sessionIdOf(first.body.data.checkoutUrl))).status).toBe(409);
    const paid = await pay(sessionIdOf(started.body.data.checkoutUrl));
    expect(paid.status).toBe(200);
    expect(paid.body.data.redirectUrl).toBe(`/gratuity/${key}?paid=1`);

    const after = await v1.tipPage({ params: { accessKey: key } });
    expect(after.body.data.tip).toMatchObject({ amountMinor: eighteen, status: "paid", card: { last4: "4242" } });
    expectEnvelope(await v1.startTip({ params: { accessKey: key }, body: { amount: 500 } }), 409, "tip_already_given");
    // The booking itself is untouched by its tip.
    expect(await bookingRow(db(), booking.id)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      totalMinor,
    });

    const mine = await v1.myTips({ token: guest.idToken });
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        bookingId: booking.id,
        reference: booking.reference,
        amountMinor: eighteen,
        card: expect.objectContaining({ last4: "4242" }),
      }),
    ]);
    const stranger = await createUser();
    expect((await v1.myTips({ token: stranger.idToken })).body.data).toEqual([]);
    expect((await v1.myTips()).status).toBe(401);
  });
});
