/**
 * The Idempotency-Key every write that may be sent twice takes (bookings, refunds, check-ins, the
 * console's creates): a plain module, so the forms that carry one validate it in the browser
 * without loading the contract's schemas.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** 8–128 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
