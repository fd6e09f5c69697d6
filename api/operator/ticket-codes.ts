/**
 * A ticket type's code (OCTO's unit, the API's `code`): derived from its name when the operator
 * does not give one, so the console never asks for it. The usual kinds keep their usual codes
 * ("Adult (13+)" → adult: the catalog's "per adult" price reads that code); other names give their
 * slug ("Grown-up" → grown_up); a code already in the list gets a number (child, child_2).
 */
import { COMMON_TICKET_CODES } from "~contract/operator/service-limits";
import { slugOf } from "./experiences";

/** The common codes by how a name may start with them: "adults", "children", "seniors"… */
const COMMON_BY_WORD = new Map<string, string>(
  COMMON_TICKET_CODES.flatMap((code) => [
    [code, code],
    [`${code}s`, code],
  ]),
);
COMMON_BY_WORD.set("children", "child");
COMMON_BY_WORD.set("families", "family");
COMMON_BY_WORD.set("youths", "youth");

const MAX = 32;

/** A name's own code, before uniqueness: a common kind's, else its slug (made to start with a letter). */
function codeOfName(name: string): { common: string | null; slug: string } {
  const slug = slugOf(name, MAX).replace(/-/g, "_");
  const common = COMMON_BY_WORD.get(slug.split("_")[0]) ?? null;
  return { common, slug: /^[a-z]/.test(slug) ? slug : `t_${slug}`.slice(0, MAX).replace(/_+$/, "") };
}

/** `base` or, when taken, base_2, base_3… (cut to fit 32 characters). */
export function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, MAX - suffix.length).replace(/_+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Each type's code: the one it has (kept on a rename: bookings and resellers name it), else one
 * derived from its name that no other type of the list uses.
 */
export function withCodes<T extends { code?: string; name: string }>(types: readonly T[]): Array<T & { code: string }> {
  const taken = new Set(types.flatMap((type) => (type.code ? [type.code] : [])));
  return types.map((type) => {
    if (type.code) return { ...type, code: type.code };
    const { common, slug } = codeOfName(type.name);
    const code = common && !taken.has(common) ? common : firstFree(slug, taken);
    taken.add(code);
    return { ...type, code };
  });
}
