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

/** One value of a closed list, given at most once; empty means not given. */
export const oneOfParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyAsAbsent, z.enum(values, { errorMap: () => ({ message: said("choice.invalid") }) }).optional());

/** `q` of a list's search: trimmed, at most 100 characters, no control characters. */
export const searchParam = z.preprocess(
  emptyAsAbsent,
  z
    .string({ invalid_type_error: said("param.single") })
    .trim()
    .max(100, said("text.tooLong"))
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), said("text.invalid"))
    .optional(),
);

/** `limit` of a cursor-paged list: a whole number from 1 to `max`, given at most once. */
export const limitParam = (max: number) =>
  z.preprocess(
    emptyAsAbsent,
    z
      .string({ invalid_type_error: said("param.single") })
      .regex(/^\d{1,3}$/, said("number.whole"))
      .transform(Number)
      .pipe(z.number().min(1, said("number.atLeast")).max(max, said("number.atMost")))
      .optional(),
  );

/** `cursor` of a cursor-paged list: a previous page's `nextCursor`, read by `decode`; anything else is refused. */
export const cursorParam = <Cursor>(maxLength: number, decode: (text: string) => Cursor | null) =>
  z.preprocess(
    emptyAsAbsent,
    z
      .string({ invalid_type_error: said("param.single") })
      .max(maxLength, said("cursor.invalid"))
      .transform((text, ctx) => {
        const cursor = /^[A-Za-z0-9_-]+$/.test(text) ? decode(text) : null;
        if (!cursor) ctx.addIssue({ code: "custom", message: said("cursor.invalid") });
        return cursor ?? z.NEVER;
      })
      .optional(),
  );

/**
 * A cursor that was read must be for the sort asked for (or its default). One that could not be
 * read is refused by cursorParam (its value here is no cursor: no sort).
 */
export function refuseCursorOfOtherSort(
  query: { sort?: string; cursor?: { sort: string } },
  defaultSort: string,
  ctx: z.RefinementCtx,
) {
  if (typeof query.cursor?.sort === "string" && query.cursor.sort !== (query.sort ?? defaultSort))
    ctx.addIssue({ code: "custom", path: ["cursor"], message: said("cursor.otherOrder") });
}
