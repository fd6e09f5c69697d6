import { z } from "zod";
import { typedLines, said } from "../fields";
import { pageParam } from "../query";
import type * as out from "../outputs";

/** POST /v1/bookings/{id}/review: 1–5 stars and a few words about the trip. */
export const reviewBody = z
  .object({
    rating: z
      .number({ required_error: said("rating.invalid"), invalid_type_error: said("rating.invalid") })
      .int(said("rating.invalid"))
      .min(1, said("rating.invalid"))
      .max(5, said("rating.invalid")),
    body: typedLines(
      z
        .string({ required_error: said("review.required"), invalid_type_error: said("review.required") })
        .trim()
        .min(10, said("review.tooShort"))
        .max(2000, said("text.tooLong")),
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
