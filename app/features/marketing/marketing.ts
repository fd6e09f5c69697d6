/**
 * Marketing capture (spec sections 3 and 4): utm_* parameters and promo_code are read from
 * the address on any page. UTM values merge over earlier ones (only defined incoming values
 * overwrite); the promo code is replaced whenever the query carries a non-empty promo_code
 * (the first one if several). Both can be cleared.
 */
export const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;
export type Marketing = { utm: Utm; promoCode: string };

export const UTM_STORAGE_KEY = "utm";
export const PROMO_STORAGE_KEY = "promo-code";
const MAX_LENGTH = 200;

export function emptyMarketing(): Marketing {
  return { utm: {}, promoCode: "" };
}

/** The UTM values present in a query, trimmed; absent or empty parameters are undefined. */
export function utmFromQuery(query: URLSearchParams): Utm {
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = query.get(`utm_${key}`)?.trim().slice(0, MAX_LENGTH);
    if (value) utm[key] = value;
  }
  return utm;
}

export function mergeUtm(previous: Utm, incoming: Utm): Utm {
  const merged: Utm = { ...previous };
  for (const key of UTM_KEYS) {
    const value = incoming[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

export function promoFromQuery(query: URLSearchParams): string | undefined {
  const first = query.getAll("promo_code")[0]?.trim().slice(0, 64);
  return first ? first : undefined;
}

export function nextPromoCode(previous: string, query: URLSearchParams): string {
  return promoFromQuery(query) ?? previous;
}

/** Merge what a query carries over what was kept before. */
export function captureMarketing(previous: Marketing, query: URLSearchParams): Marketing {
  return { utm: mergeUtm(previous.utm, utmFromQuery(query)), promoCode: nextPromoCode(previous.promoCode, query) };
}

export function sameMarketing(a: Marketing, b: Marketing): boolean {
  return a.promoCode === b.promoCode && UTM_KEYS.every((key) => a.utm[key] === b.utm[key]);
}

/** Parse a stored value defensively: anything malformed counts as nothing kept. */
export function parseUtm(raw: unknown): Utm {
  if (!raw || typeof raw !== "object") return {};
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === "string" && value.trim()) utm[key] = value.trim().slice(0, MAX_LENGTH);
  }
  return utm;
}

export function hasMarketingParams(query: URLSearchParams): boolean {
  return promoFromQuery(query) !== undefined || Object.keys(utmFromQuery(query)).length > 0;
}
