/**
 * Text no field may carry: NUL, or half of a surrogate pair (PostgreSQL cannot store either).
 * One pattern for the API's validation, the web's form reader and the search box. Plain code.
 */
export const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The same, plus the other control characters, everywhere in a string (to strip them). */
export const INVALID_OR_CONTROL_TEXT =
  /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export { escapeMarkup } from "./markup.mjs";
