/** The limits of a service and its ticket types: plain values the console's form may load (no zod). */
export const MAX_SERVICE_CAPACITY = 1000;
/** A week: no service lasts longer. */
export const MAX_DURATION_MINUTES = 7 * 24 * 60;
/** 10,000,000 minor units: $100,000.00, or ¥10,000,000; no ticket costs more. */
export const MAX_PRICE_MINOR = 10_000_000;
export const MAX_TICKET_TYPES = 12;
/** The usual ticket types; any other code of the same form may be used. */
export const COMMON_TICKET_CODES = ["adult", "child", "senior", "student", "youth", "infant", "family"] as const;
export const TICKET_CODE = /^[a-z][a-z0-9_]{0,31}$/;
