/**
 * Text no field may carry: NUL, or half of a surrogate pair (PostgreSQL cannot store either).
 * One pattern for the API's validation, the web's form reader and the search box. Plain code.
 */
export const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The same, plus the other control characters, everywhere in a string (to strip them). */
export const INVALID_OR_CONTROL_TEXT =
  /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * THE rule of every field a person types (names, addresses, a signed name, a gift card's sender,
 * recipient and message, the branding…): no control characters (C0 and C1, DEL: CR/LF in a name
 * becomes a header line in an email, BEL and ESC a terminal's) and no bidirectional controls
 * (U+202A–U+202E, U+2066–U+2069: "U+202E" turns text around where it is shown). Multi-line
 * fields (a message) may hold line breaks (\n; a form's \r\n is read as \n), nothing else.
 */
const CONTROL_OR_BIDI = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** Whether one line of typed text holds nothing but text (CONTROL_OR_BIDI). */
export const isSingleLineText = (value: string) => !CONTROL_OR_BIDI.test(value);

/** The line breaks of typed text as \n (a browser sends a textarea's as \r\n). */
export const normalizeLineBreaks = (value: string) => value.replace(/\r\n?/g, "\n");

/** Whether multi-line typed text holds nothing but text and line breaks (\n). */
export const isMultiLineText = (value: string) => isSingleLineText(value.replace(/\n/g, " "));

export { escapeMarkup } from "../runtime/markup.mjs";
