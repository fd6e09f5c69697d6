/** Ids of rows, and codes people read aloud: for every room of the API (bookings, tips, cards, referrals, …). */
import { createHash, randomBytes, randomInt } from "node:crypto";

/** Crockford's base 32 (no I, L, O, U): easy to read aloud and to type. */
export const READABLE = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `length` random characters of READABLE. */
export function readableCode(length: number): string {
  return Array.from({ length }, () => READABLE[randomInt(READABLE.length)]).join("");
}

/** `<prefix>` followed by `length` URL-safe random characters (6 bits each). */
export function randomId(prefix: string, length = 16): string {
  return (
    prefix +
    randomBytes(Math.ceil((length * 3) / 4))
      .toString("base64url")
      .slice(0, length)
  );
}

/** WF-XXXX-XXXX from the booking id (40 bits of its SHA-256): stable, readable aloud. */
export function bookingReference(id: string): string {
  const digest = createHash("sha256").update(id).digest();
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(digest[i]);
  let text = "";
  for (let i = 0; i < 8; i++) text = READABLE[Number((bits >> BigInt(5 * i)) & 31n)] + text;
  return `WF-${text.slice(0, 4)}-${text.slice(4)}`;
}
