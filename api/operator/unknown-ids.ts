import { validationError } from "../http/errors";
import { FIELD_MESSAGES } from "../http/field-messages";

/**
 * A list a console page sends back whole (add-ons, pickup points, booking questions): 400 on the
 * field of each item naming an id that is not one of `known` (`${list}.${index}.${key}`).
 */
export function refuseUnknownIds<T>(
  items: T[],
  known: Set<string>,
  field: { list: string; key: string },
  idOf: (item: T) => string | null | undefined,
): void {
  const refused = items.flatMap((item, index) => {
    const id = idOf(item);
    return id !== undefined && id !== null && !known.has(id)
      ? [[`${field.list}.${index}.${field.key}`, [FIELD_MESSAGES["id.invalid"]]]]
      : [];
  });
  if (refused.length > 0) throw validationError(Object.fromEntries(refused));
}
