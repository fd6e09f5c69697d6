import { siteCookie } from "~/platform/cookie.server";
import {
  captureMarketing,
  emptyMarketing,
  hasMarketingParams,
  parseUtm,
  sameMarketing,
  type Marketing,
} from "~/features/marketing/marketing";

/** The server's copy of the captured campaign values, so a booking made without JS still carries them. */
export const marketingCookie = siteCookie("mkt", 30 * 24 * 60 * 60);

export async function readMarketing(request: Request): Promise<Marketing> {
  const raw: unknown = await marketingCookie.parse(request.headers.get("Cookie"));
  if (!raw || typeof raw !== "object") return emptyMarketing();
  const value = raw as { utm?: unknown; promoCode?: unknown };
  return {
    utm: parseUtm(value.utm),
    promoCode: typeof value.promoCode === "string" ? value.promoCode.slice(0, 64) : "",
  };
}

/** Merge the query's campaign values into the cookie; appends Set-Cookie when they change. */
export async function captureMarketingCookie(request: Request, headers: Headers): Promise<Marketing> {
  const previous = await readMarketing(request);
  const query = new URL(request.url).searchParams;
  if (!hasMarketingParams(query)) return previous;
  const next = captureMarketing(previous, query);
  if (!sameMarketing(previous, next)) headers.append("Set-Cookie", await marketingCookie.serialize(next));
  return next;
}

/**
 * The cookie without what was used up or removed: the UTM values once a booking has carried them,
 * the promo code when the guest removes it. Null when nothing changes.
 */
export async function marketingWithout(request: Request, drop: { utm?: boolean; promoCode?: boolean }) {
  const previous = await readMarketing(request);
  const next: Marketing = {
    utm: drop.utm ? {} : previous.utm,
    promoCode: drop.promoCode ? "" : previous.promoCode,
  };
  return sameMarketing(previous, next) ? null : marketingCookie.serialize(next);
}
