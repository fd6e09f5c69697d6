/** What a reseller may sell, as the add form asks it: every published experience, or those ticked. */
export const SELLS = ["all", "chosen"] as const;
export type Sells = (typeof SELLS)[number];
