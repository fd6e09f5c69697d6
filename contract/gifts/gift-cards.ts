/** Gift card codes: plain functions (the pages use them in the browser too; no zod here). */

/** A gift card code's alphabet: digits and capitals without look-alikes (no 0/O, 1/I/L). */
export const GIFT_CARD_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** 16 characters of 31: about 79 random bits. */
export const GIFT_CARD_CODE_LENGTH = 16;

/**
 * A typed code as stored for lookup: capitals, without spaces or dashes ("abcd-efgh …" and
 * "ABCDEFGH…" are one code). Null when it cannot be a code (wrong length or a letter outside the
 * alphabet): such input reads the same as an unknown code.
 */
export function normalizeGiftCardCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, "").toUpperCase();
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of code) if (!GIFT_CARD_ALPHABET.includes(ch)) return null;
  return code;
}

/** Shown grouped by four: XXXX-XXXX-XXXX-XXXX. */
export const groupGiftCardCode = (code: string) => code.match(/.{1,4}/g)?.join("-") ?? code;
