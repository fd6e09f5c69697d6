import { and, desc, eq } from "drizzle-orm";
import type { ReviewBody, ReviewPage, ReviewView } from "~contract/catalog/reviews";
import { clockNow } from "../clock";
import type { Db } from "../db/client";
import { bookings, experiences, reviews, slots, users, type AccountRow, type ReviewRow } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import { ownBooking } from "../bookings/read";
import { isUniqueViolation } from "../db/errors";
import { ratingOf } from "../catalog/rating";
import { isPublished } from "../catalog/fragments";

export const REVIEWS_PAGE_SIZE = 5;

/** "Ada L.": what other guests see of the author. */
export function authorNameOf(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim() || "A guest";
  const initial = lastName?.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

function toReviewView({ id, rating, body, authorName, bookingId, createdAt }: ReviewRow): ReviewView {
  return { id, rating, body, authorName, verified: bookingId !== null, createdAt: createdAt.toISOString() };
}

/**
 * POST /v1/bookings/{id}/review: the guest of a confirmed booking whose departure has ended
 * reviews it once (409 review_exists after; 409 review_not_open before the trip). 404 for
 * someone else's booking.
 */
export async function createReview(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  bookingId: string,
  body: ReviewBody,
): Promise<ReviewView> {
  const [row] = await db
    .select({ booking: bookings, endsAt: slots.endsAt, firstName: users.firstName, lastName: users.lastName })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(ownBooking(userId, scope, bookingId))
    .limit(1);
  if (!row) throw notFound("We could not find this booking.", "booking_not_found");
  if (row.booking.status !== "confirmed" || row.endsAt > clockNow()) {
    throw conflict("You can review a booking once its trip has taken place.", "review_not_open");
  }
  try {
    const [created] = await db
      .insert(reviews)
      .values({
        experienceId: row.booking.experienceId,
        bookingId,
        userId,
        rating: body.rating,
        body: body.body,
        authorName: authorNameOf(row.firstName, row.lastName),
      })
      .returning();
    return toReviewView(created);
  } catch (error) {
    if (isUniqueViolation(error, "reviews_booking_id_key"))
      throw conflict("You have reviewed this booking already.", "review_exists");
    throw error;
  }
}

/** GET /v1/experiences/{parentId}/reviews: newest first, a page at a time, with the average. Two queries. */
export async function listReviews(
  db: Db,
  experienceId: string,
  scope: AccountRow | null,
  page: number,
): Promise<ReviewPage> {
  const [summary] = await db
    .select({ ratingCount: experiences.ratingCount, ratingTotal: experiences.ratingTotal })
    .from(experiences)
    .where(
      and(eq(experiences.id, experienceId), isPublished(), scope ? eq(experiences.accountId, scope.id) : undefined),
    );
  if (!summary) throw notFound(`No experience "${experienceId}".`);
  const total = summary.ratingCount;
  const rows =
    total === 0
      ? []
      : await db
          .select()
          .from(reviews)
          .where(eq(reviews.experienceId, experienceId))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(REVIEWS_PAGE_SIZE)
          .offset((page - 1) * REVIEWS_PAGE_SIZE);
  return {
    items: rows.map(toReviewView),
    rating: ratingOf(summary),
    page,
    pageSize: REVIEWS_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / REVIEWS_PAGE_SIZE),
  };
}
