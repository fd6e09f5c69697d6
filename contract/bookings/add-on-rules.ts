/** Add-ons' limits as plain values (no zod), for the API and the pages; contract/bookings/add-ons.ts re-exports them. */
export const ADD_ON_SCOPES = ["booking", "guest"] as const;
export type AddOnScope = (typeof ADD_ON_SCOPES)[number];
export const MAX_ADD_ONS = 20;
/** No add-on is sold more than this many times in one booking (nor stocked beyond MAX_ADD_ON_STOCK). */
export const MAX_ADD_ON_QUANTITY = 50;
export const MAX_ADD_ON_STOCK = 100_000;
