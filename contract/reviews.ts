import { z } from "zod";
import { pageParam } from "./query";

/** POST /v1/bookings/{id}/review: 1–5 stars and a few words about the trip. */
export const reviewBody = z
  .object({
    rating: z
      .number({ required_error: "Choose 1 to 5 stars.", invalid_type_error: "Choose 1 to 5 stars." })
      .int("Choose 1 to 5 stars.")
      .min(1, "Choose 1 to 5 stars.")
      .max(5, "Choose 1 to 5 stars."),
    body: z
      .string({ required_error: "Write a few words.", invalid_type_error: "Write a few words." })
      .trim()
      .min(10, "Write at least 10 characters.")
      .max(2000, "Use at most 2000 characters."),
  })
  .strict();
export type ReviewBody = z.output<typeof reviewBody>;

/** GET /v1/experiences/{parentId}/reviews?page= */
export const reviewListQuery = z.object({ page: pageParam });

export interface ReviewView {
  id: string;
  rating: number;
  body: string;
  /** First name and the initial of the last ("Ada L."). */
  authorName: string;
  /** Written by a guest after a completed booking (demo reviews of the seed are not). */
  verified: boolean;
  createdAt: string;
}

/** Average stars (one decimal) and how many reviews. */
export interface RatingSummary {
  average: number;
  count: number;
}

export interface ReviewPage {
  items: ReviewView[];
  rating: RatingSummary | null;
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}
