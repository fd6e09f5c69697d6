import { z } from "zod";
import { typedLines } from "./fields";
import { pageParam } from "./query";
import type * as out from "./outputs";

/** POST /v1/bookings/{id}/review: 1–5 stars and a few words about the trip. */
export const reviewBody = z
  .object({
    rating: z
      .number({ required_error: "Choose 1 to 5 stars.", invalid_type_error: "Choose 1 to 5 stars." })
      .int("Choose 1 to 5 stars.")
      .min(1, "Choose 1 to 5 stars.")
      .max(5, "Choose 1 to 5 stars."),
    body: typedLines(
      z
        .string({ required_error: "Write a few words.", invalid_type_error: "Write a few words." })
        .trim()
        .min(10, "Write at least 10 characters.")
        .max(2000, "Use at most 2000 characters."),
    ),
  })
  .strict();
export type ReviewBody = z.output<typeof reviewBody>;

/** GET /v1/experiences/{parentId}/reviews?page= */
export const reviewListQuery = z.object({ page: pageParam });

export type ReviewView = z.infer<typeof out.reviewView>;

/** Average stars (one decimal) and how many reviews. */
export type RatingSummary = z.infer<typeof out.ratingSummary>;

export type ReviewPage = z.infer<typeof out.reviewPage>;
