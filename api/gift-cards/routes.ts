import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { normalizeGiftCardCode } from "~contract/gift-cards";
import { clientIp, UNKNOWN_IP } from "../http/client-info";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { enforceRateLimits, type RateLimitRule } from "../rate-limit/service";
import { giftCardView, hashGiftCardCode, myGiftCards } from "./ledger";
import { requireUserRow } from "../users/service";

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

export const giftCardRoutes = new Hono<AppEnv>();

handle(giftCardRoutes, endpoints.giftCardBalance, async (c, { body }) => {
  c.header("Cache-Control", "private, no-store");
  c.header("Referrer-Policy", "no-referrer");
  await limitGiftCardAttempts(clientIp(c), body.code);
  return giftCardView(c.get("db"), body.code, c.get("account")?.id ?? null);
});

handle(giftCardRoutes, endpoints.myGiftCards, async (c) => {
  const user = await requireUserRow(c.get("db"), c.get("identity").uid);
  return myGiftCards(c.get("db"), user);
});
