import type { RatingSummary } from "~contract/catalog/reviews";

/**
 * An experience's rating from its kept figures (experiences.rating_count and rating_total, kept by
 * a trigger on reviews): the average to one decimal, or null before the first review.
 */
export function ratingOf(experience: { ratingCount: number; ratingTotal: number }): RatingSummary | null {
  const { ratingCount: count, ratingTotal: total } = experience;
  return count > 0 ? { average: Math.round((total * 10) / count) / 10, count } : null;
}
