/**
 * The fields an operator's lists share (add-ons, pickup points): an item's name, an optional
 * text, a whole number in a range, ids each kept once; messages as codes.
 */
import { z } from "zod";
import { said, typedLine, typedLines } from "./fields";

/** An item's name: one line, 1 to `max` characters. */
export const itemName = (max = 80) =>
  typedLine(
    z
      .string({ required_error: said("name.required"), invalid_type_error: said("name.required") })
      .trim()
      .min(1, said("name.required"))
      .max(max, said("text.tooLong")),
  );

/** An optional text of at most `max` characters, one line or several; "" when left out. */
export const optionalText = (max: number, kind: "line" | "lines") => {
  const text = z
    .string({ invalid_type_error: said("text.notText") })
    .trim()
    .max(max, said("text.tooLong"));
  return (kind === "line" ? typedLine(text) : typedLines(text)).optional().default("");
};

/** A whole number from `min` to `max`. */
export const wholeNumber = (min: number, max: number) =>
  z
    .number({ invalid_type_error: said("number.whole"), required_error: said("number.whole") })
    .int(said("number.whole"))
    .min(min, said("number.useAtLeast"))
    .max(max, said("number.useAtMost"));

/** A whole list sent back (add-ons, pickup points): an id kept twice is an issue on its second item's id. */
export function refuseRepeatedIds(
  ctx: z.RefinementCtx,
  list: string,
  items: ReadonlyArray<{ id?: string }>,
  message: string,
): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    if (seen.has(item.id)) ctx.addIssue({ code: "custom", path: [list, index, "id"], message });
    seen.add(item.id);
  });
}
