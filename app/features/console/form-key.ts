import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN } from "~contract/idempotency-key";

/**
 * A form's key, sent to the API as its Idempotency-Key: a fresh one in each page answer (the
 * loader's `crypto.randomUUID()`), so the form sent twice (a double click, the page gone back to)
 * makes one thing, and the next form of the page is a new one.
 */
export const idempotencyKey = z.string().regex(IDEMPOTENCY_KEY_PATTERN);
