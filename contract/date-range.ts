/** A query's range of dates, `from` and `to` (YYYY-MM-DD, both included): both given or neither. */
import { z } from "zod";
import { said } from "./fields";
import { localDate } from "./operator/schedule-fields";
import { emptyAsAbsent } from "./query";

const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

/** The range's fields of a query object; check them with checkDateRange. */
export const dateRangeFields = {
  from: z.preprocess(emptyAsAbsent, localDate.optional()),
  to: z.preprocess(emptyAsAbsent, localDate.optional()),
};

/** A superRefine of the range: both dates or neither, `to` not before `from`, at most `maxDays` days. */
export const checkDateRange =
  (maxDays: number) =>
  (query: { from?: string; to?: string }, ctx: z.RefinementCtx): void => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: "custom", path: [query.from === undefined ? "from" : "to"], message: said("range.half") });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    const days = dayNumber(query.to) - dayNumber(query.from) + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: said("range.reversed") });
    else if (days > maxDays) ctx.addIssue({ code: "custom", path: ["to"], message: said("range.tooLong") });
  };
