import type { ZodIssue } from "zod";
import { fieldMessageKey } from "~/platform/field-message-keys";

/**
 * A list page's add form refused by THE contract's rules of the whole list (`{ <list>: [...] }`):
 * each issue about the new item (at `index`) on the form's field `fieldOf` names for the rest of its
 * path, any other issue on `fallback`; messages as locale keys.
 */
export function refusedFields(
  issues: readonly ZodIssue[],
  index: number,
  fieldOf: (path: ReadonlyArray<string | number>) => string,
  fallback: string,
): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path[1] === index ? fieldOf(issue.path.slice(2)) : fallback;
    (fieldErrors[field] ??= []).push(fieldMessageKey(issue.message));
  }
  return fieldErrors;
}
