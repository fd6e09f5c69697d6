import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { slots } from "~api/db/schema";
import * as page from "~/routes/_default.account.booking.$bookingId";
import * as calendar from "~/routes/account.booking.$bookingId.calendar";
import { bookingWorld, bookingBody, bookingUser, confirmedBooking, createSlot, placeBooking } from "../support/booking";
import { args, outcome, pageRequest, sessionFor, signedInUser, signedInBooking } from "../support/routes";

const { db, acme } = bookingWorld();

describe("/account/booking/{id}", () => {
  it("after the trip, the guest reviews it once from the page; a bad form is told beside its fields", async () => {
    const { slot, booking, cookie } = await signedInBooking(db(), acme);
    const path = `/account/booking/${booking.id}`;
    const post = (form: Record<string, string>) =>
      outcome(() => page.action(args(pageRequest(path, { cookie, form }), { bookingId: booking.id }) as never));
    const load = () =>
      outcome(() => page.loader(args(pageRequest(path, { cookie }), { bookingId: booking.id }) as never));

    expect((await load()).data.booking.canReview).toBe(false);
    const early = await post({ intent: "review", rating: "5", body: "Too early to say, surely." });
    expect(early.status).toBe(409);
    expect(early.data.result.error[""]).toEqual(["apiErrors.review_not_open"]);

    await db()
      .update(slots)
      .set({ startsAt: sql`now() - interval '3 hours'`, endsAt: sql`now() - interval '1 hour'` })
      .where(eq(slots.id, slot.id));
    expect((await load()).data.booking.canReview).toBe(true);
    const invalid = await post({ intent: "review", rating: "9", body: "short" });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.data.result.error).sort()).toEqual(["body", "rating"]);
    const posted = await post({ intent: "review", rating: "4", body: "Lovely trip, would go again." });
    expect(posted.location).toBe(path);
    expect(posted.headers.get("Set-Cookie")).toContain("flash");
    expect((await load()).data.booking).toMatchObject({ canReview: false, reviewed: true });
    const twice = await post({ intent: "review", rating: "4", body: "Lovely trip, would go again." });
    expect(twice.data.result.error[""]).toEqual(["apiErrors.review_exists"]);
  });

  it("shows the booking with its reference; cancelling states the refund first, then tells it", async () => {
    const { booking, cookie } = await signedInBooking(db(), acme, 2, { startsInHours: 96 });
    const path = `/account/booking/${booking.id}`;
    const view = await outcome(() =>
      page.loader(args(pageRequest(path, { cookie }), { bookingId: booking.id }) as never),
    );
    expect(view.data.booking.reference).toMatch(/^WF-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(view.data.confirmCancel).toBe(false);
    const confirm = await outcome(() =>
      page.loader(args(pageRequest(`${path}?cancel=1`, { cookie }), { bookingId: booking.id }) as never),
    );
    expect(confirm.data.confirmCancel).toBe(true);
    expect(confirm.data.booking.refundIfCancelledMinor).toBe(booking.totalMinor);

    const ics = await outcome(() =>
      calendar.loader(args(pageRequest(`${path}/calendar`, { cookie }), { bookingId: booking.id }) as never),
    );
    expect(ics.headers.get("Content-Type"), JSON.stringify(ics)).toContain("text/calendar");
    expect(String(ics.data)).toContain("BEGIN:VEVENT");

    const cancelled = await outcome(() =>
      page.action(args(pageRequest(path, { cookie, form: { intent: "cancel" } }), { bookingId: booking.id }) as never),
    );
    expect(cancelled.location).toBe(path);
    const flash = cancelled.headers.get("Set-Cookie")!.split(";")[0];
    const after = await outcome(() =>
      page.loader(args(pageRequest(path, { cookie: `${cookie}; ${flash}` }), { bookingId: booking.id }) as never),
    );
    expect(after.data.flash).toBe("booking.cancelledNotice");
    expect(after.data.booking).toMatchObject({ status: "cancelled", refundMinor: booking.totalMinor });
    // The file is always the booking as it is now: cancelled, with a raised SEQUENCE, so a
    // calendar that kept the event updates it (the page offers no download of it any more).
    const icsAfter = await outcome(() =>
      calendar.loader(args(pageRequest(`${path}/calendar`, { cookie }), { bookingId: booking.id }) as never),
    );
    expect(icsAfter.status).toBe(200);
    expect(String(icsAfter.data)).toContain("STATUS:CANCELLED\r\n");
    expect(String(icsAfter.data)).toContain("SEQUENCE:1\r\n");
  });

  it("a held booking can be resumed at its checkout; another user's booking is the spec's 404", async () => {
    const user = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    const placed = await placeBooking(user.idToken, bookingBody(acme, slot.id, 1));
    const id = placed.body.data.booking.id as string;
    const path = `/account/booking/${id}`;
    const cookie = await sessionFor(user);
    const mine = await outcome(() => page.loader(args(pageRequest(path, { cookie }), { bookingId: id }) as never));
    expect(mine.data.booking).toMatchObject({ status: "held", checkoutUrl: placed.body.data.checkoutUrl });
    const stranger = await signedInUser();
    const theirs = await outcome(() =>
      page.loader(args(pageRequest(path, { cookie: stranger.cookie }), { bookingId: id }) as never),
    );
    expect(theirs.status).toBe(404);
    const icsOfOther = await outcome(() =>
      calendar.loader(args(pageRequest(`${path}/calendar`, { cookie: stranger.cookie }), { bookingId: id }) as never),
    );
    expect(icsOfOther.status).toBe(404);
  });

  it("cancelling someone else's booking, a malformed id or a cross-site post changes nothing", async () => {
    const owner = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    const booking = await confirmedBooking(owner, acme, slot.id);
    const stranger = await signedInUser();
    const cancel = (cookie: string, id: string, origin?: string) =>
      outcome(() =>
        page.action(
          args(pageRequest(`/account/booking/${id}`, { cookie, form: { intent: "cancel" }, origin }), {
            bookingId: id,
          }) as never,
        ),
      );
    const foreign = await cancel(stranger.cookie, booking.id);
    expect(foreign.status).toBe(404);
    expect(foreign.data.result.error[""]).toEqual(["apiErrors.booking_not_found"]);
    const ownerCookie = await sessionFor(owner);
    expect((await cancel(ownerCookie, "undefined")).status).toBe(400);
    expect((await cancel(ownerCookie, booking.id, "https://evil.example")).status).toBe(403);
    expect((await cancel(ownerCookie, booking.id)).status).toBe(302);
    // Again: nothing happens twice, and it is no error.
    expect((await cancel(ownerCookie, booking.id)).status).toBe(302);
  });
});
