import { z } from "zod";

/**
 * The one error envelope of every failing v1 answer, as a schema: `code` is one of `codes` when
 * given (the reference lists each endpoint's), any string otherwise.
 */
export function errorEnvelopeOf(codes?: readonly [string, ...string[]]) {
  return z.object({
    error: z.object({
      code: codes ? z.enum(codes) : z.string(),
      message: z.string(),
      /** Field name → messages, as conform shows them. */
      fields: z.record(z.array(z.string())).optional(),
      /** Facts of the refusal a page may put in words (e.g. `{ taken: 3 }` of capacity_below_taken). */
      details: z.record(z.union([z.string(), z.number()])).optional(),
    }),
    requestId: z.string(),
  });
}
