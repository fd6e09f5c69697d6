import { normalizeGiftCardCode } from "~contract/gifts/gift-cards";
import { UNKNOWN_IP } from "../http/client-info";
import { enforceRateLimits, type RateLimitRule } from "../rate-limit/service";
import { hashGiftCardCode } from "./ledger";

/** Balance lookups per client address and per code (ten minutes): guessing stays hopeless. */
export const GIFT_CARD_LOOKUPS_PER_ADDRESS = 60;
export const GIFT_CARD_LOOKUPS_PER_CODE = 30;

/** The limits on any use of a typed code (balance, redemption): per address, then per code (by hash). */
export async function limitGiftCardAttempts(ip: string, typed: string): Promise<void> {
  const rules: RateLimitRule[] = [];
  if (ip !== UNKNOWN_IP)
    rules.push({ key: `gift-card:ip:${ip}`, limit: GIFT_CARD_LOOKUPS_PER_ADDRESS, windowSeconds: 600 });
  const code = normalizeGiftCardCode(typed);
  if (code)
    rules.push({
      key: `gift-card:code:${hashGiftCardCode(code).slice(0, 32)}`,
      limit: GIFT_CARD_LOOKUPS_PER_CODE,
      windowSeconds: 600,
    });
  await enforceRateLimits(rules);
}
