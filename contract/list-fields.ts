/**
 * The fields an operator's lists share (add-ons, pickup points): an item's name, an optional
 * text, a whole number in a range; messages as codes.
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
