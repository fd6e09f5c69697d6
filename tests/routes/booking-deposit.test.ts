import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { services, sandboxCheckouts } from "~api/db/schema";
import * as page from "~/routes/_default.account.booking.$bookingId";
import { bookingWorld, confirmedBooking, bookingUser, createSlot, sessionIdOf } from "../support/booking";
import { args, outcome, pageRequest, sessionFor } from "../support/routes";

/** The traveller's booking page of a deposit booking (issue 46, item 5): paid, due and when; the balance paid from it. */
const { db, acme } = bookingWorld();

describe("/account/booking/{id} of a deposit booking", () => {
  it("shows what was paid and what is due; 'Pay the balance' opens the balance's checkout", async () => {
    await db()
      .update(services)
      .set({ depositKind: "percent", depositValue: 2_500, depositMinDays: 30, balanceDueDays: 14 })
      .where(eq(services.id, acme.serviceId));
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 60 * 24 });
    const booking = await confirmedBooking(user, acme, slot.id, 2);
    const cookie = await sessionFor(user);
    const path = `/account/booking/${booking.id}`;

    const view = await outcome(() =>
      page.loader(args(pageRequest(path, { cookie }), { bookingId: booking.id }) as never),
    );
    const deposit = view.data.booking.deposit;
    const quarter = Math.round(booking.totalMinor / 4);
    expect(deposit).toMatchObject({ paidMinor: quarter, dueMinor: booking.totalMinor - quarter, balanceState: "due" });
    expect(deposit.balanceDueAt).toBe(new Date(slot.startsAt.getTime() - 14 * 86_400_000).toISOString());

    const paid = await outcome(() =>
      page.action(args(pageRequest(path, { cookie, form: { intent: "balance" } }), { bookingId: booking.id }) as never),
    );
    expect(paid.status).toBe(302);
    const [checkout] = await db()
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, sessionIdOf(paid.location!)));
    expect(checkout).toMatchObject({ purchaseKind: "balance", amountMinor: booking.totalMinor - quarter });
  });
});
