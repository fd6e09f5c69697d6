import "../../support/env";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { slots } from "~api/db/schema";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import { bookingUser, confirmedBooking, createSlot, findService } from "../../support/booking";
import { createUser, withEmulatorUsers } from "../../support/identity";
import { v1 } from "../../support/client";

const { db } = seedDbForThisFile();
withEmulatorUsers();

describe("reviews", () => {
  it("GET /v1/experiences/{parentId}/reviews: newest first, five a page, with the average; 404 for an unknown experience", async () => {
    const acme = await findService(db(), "acme");
    const first = await v1.reviews({ params: { parentId: acme.experienceId } });
    expect(first.status).toBe(200);
    const page = first.body.data;
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThanOrEqual(5);
    const times = page.items.map((item: { createdAt: string }) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const average =
      page.items.length === page.total
        ? page.items.reduce((s: number, i: { rating: number }) => s + i.rating, 0) / page.total
        : null;
    expect(page.rating.count).toBe(page.total);
    if (average !== null) expect(page.rating.average).toBe(Math.round(average * 10) / 10);
    expect(page.items[0]).toMatchObject({ verified: false, authorName: expect.stringMatching(/^\p{L}+ \p{L}\.$/u) });

    const detail = await v1.experience({ params: { parentId: acme.experienceId } });
    expect(detail.body.data.rating).toEqual(page.rating);
    const card = (await v1.experiences({ query: { q: acme.experienceTitle, pageSize: "48" } })).body.data.items.find(
      (item: { id: string }) => item.id === acme.experienceId,
    );
    expect(card.rating).toEqual(page.rating);

    expectEnvelope(await v1.reviews({ params: { parentId: "no-such-thing" } }), 404, "not_found");
    expectEnvelope(
      await v1.reviews({ params: { parentId: acme.experienceId }, query: { page: "0" } }),
      400,
      "validation_error",
    );
  });

  it("POST /v1/bookings/{id}/review: once, by its guest, after the trip", async () => {
    const acme = await findService(db(), "acme");
    const guest = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    const booking = await confirmedBooking(guest, acme, slot.id);
    const review = { rating: 5, body: "Wonderful morning on the water, great guide." };
    const params = { id: booking.id };

    expectEnvelope(await v1.createReview({ params, token: guest.idToken, body: review }), 409, "review_not_open");
    // The trip takes place.
    await db()
      .update(slots)
      .set({ startsAt: sql`now() - interval '3 hours'`, endsAt: sql`now() - interval '1 hour'` })
      .where(eq(slots.id, slot.id));
    expect((await v1.booking({ params: { id: booking.id }, token: guest.idToken })).body.data).toMatchObject({
      canReview: true,
      reviewed: false,
    });

    expectEnvelope(
      await v1.createReview({ params, token: guest.idToken, body: { rating: 6, body: "x" } }),
      400,
      "validation_error",
    );
    expectEnvelope(
      await v1.createReview({ params, token: guest.idToken, body: { ...review, extra: 1 } }),
      400,
      "validation_error",
    );
    const stranger = await createUser();
    expectEnvelope(await v1.createReview({ params, token: stranger.idToken, body: review }), 404, "booking_not_found");
    expectEnvelope(await v1.createReview({ params, body: review }), 401, "unauthorized");

    const created = await v1.createReview({ params, token: guest.idToken, body: review });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ rating: 5, body: review.body, authorName: "Ada L.", verified: true });
    expectEnvelope(await v1.createReview({ params, token: guest.idToken, body: review }), 409, "review_exists");
    expect((await v1.booking({ params: { id: booking.id }, token: guest.idToken })).body.data).toMatchObject({
      canReview: false,
      reviewed: true,
    });

    const listed = (await v1.reviews({ params: { parentId: acme.experienceId } })).body.data;
    expect(listed.items[0]).toMatchObject({ id: created.body.data.id, verified: true });
  });
});
