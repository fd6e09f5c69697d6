import { z } from "zod";

/** An empty query value counts as not given. */
export const emptyAsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** `page` of a paginated list: a whole number from 1, default 1, given at most once. */
export const pageParam = z.preprocess(
  emptyAsAbsent,
  z
    .string({ invalid_type_error: "Give this parameter only once." })
    .regex(/^\d{1,5}$/, "Must be a whole number.")
    .transform(Number)
    .pipe(z.number().min(1, "Must be at least 1.").max(10_000, "Must be at most 10000."))
    .optional()
    .default("1"),
);
