/**
 * A booking's ticket code (migration 0025): 26 characters of Crockford's base32 (digits and
 * letters without I, L, O, U), 130 random bits, made by the database. This module reads what
 * people type or cameras decode and shows it in groups; ./ticket-qr.ts draws it.
 */
export const TICKET_CODE_LENGTH = 26;
export const TICKET_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Longest input read as a code (a typed code with spaces or dashes, a URL-ish QR payload). */
export const TICKET_CODE_INPUT_MAX = 100;

/** Upper case, without the spaces and dashes people type between groups. */
const withoutSeparators = (input: string) => input.toUpperCase().replace(/[\s-]+/g, "");

/**
 * A typed or scanned code in its stored form: case-insensitive, spaces and dashes ignored,
 * Crockford's look-alikes mapped (O → 0, I and L → 1). Null when what is left is not a
 * well-formed code (wrong length, other characters such as U).
 */
export function normaliseTicketCode(input: string): string | null {
  if (input.length > TICKET_CODE_INPUT_MAX) return null;
  const code = withoutSeparators(input).replace(/O/g, "0").replace(/[IL]/g, "1");
  return TICKET_CODE_PATTERN.test(code) ? code : null;
}

/** The code in groups of four for reading aloud or typing: "7KQ3 9XPD …". */
export function groupTicketCode(code: string): string {
  return code.match(/.{1,4}/g)?.join(" ") ?? code;
}

/**
 * What was typed or read, shown as tickets print it: a code in its stored form in groups of four,
 * however it was spaced, dashed or cased ("7kq3 9x-pd…" → "7KQ3 9XPD …"). What is no code is
 * shown in upper case and groups too, its own characters kept, to compare with the ticket.
 */
export function displayTicketCode(input: string): string {
  return groupTicketCode(normaliseTicketCode(input) ?? withoutSeparators(input.slice(0, TICKET_CODE_INPUT_MAX)));
}
