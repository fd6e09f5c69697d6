import { z } from "zod";
import { said } from "./fields";

/** An empty query value counts as not given. */
export const emptyAsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** `page` of a paginated list: a whole number from 1, default 1, given at most once. */
export const pageParam = z.preprocess(
  emptyAsAbsent,
  z
    .string({ invalid_type_error: said("param.single") })
    .regex(/^\d{1,5}$/, said("number.whole"))
    .transform(Number)
    .pipe(z.number().min(1, said("number.atLeast")).max(10_000, said("number.atMost")))
    .optional()
    .default("1"),
);
