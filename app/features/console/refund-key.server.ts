import { randomUUID } from "node:crypto";

/** A fresh idempotency key for one view of the refund form (32 hex characters). */
export const newRefundKey = () => randomUUID().replace(/-/g, "");
