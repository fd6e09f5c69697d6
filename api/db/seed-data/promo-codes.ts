import type { promoCodes } from "../schema";
import { accountId } from "./build";

/**
 * Demo promo codes: WELCOME10 and FALL10 (10 % off with every operator) and ACME5 (5 dollars off
 * with Acme Adventures only). No end date and no redemption limit.
 */
export function seedPromoCodes(): (typeof promoCodes.$inferInsert)[] {
  return [
    { code: "WELCOME10", accountId: null, percentOff: 10 },
    { code: "FALL10", accountId: null, percentOff: 10 },
    { code: "ACME5", accountId: accountId("acme"), amountOffMinor: 500, currency: "USD" },
  ];
}
