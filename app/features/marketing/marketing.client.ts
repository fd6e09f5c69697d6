import {
  captureMarketing,
  parseUtm,
  PROMO_STORAGE_KEY,
  sameMarketing,
  UTM_STORAGE_KEY,
  type Marketing,
} from "~/features/marketing/marketing";

function readStored(storage: Storage): Marketing {
  let utm = {};
  try {
    utm = parseUtm(JSON.parse(storage.getItem(UTM_STORAGE_KEY) ?? "null"));
  } catch {
    utm = {};
  }
  return { utm, promoCode: storage.getItem(PROMO_STORAGE_KEY) ?? "" };
}

/** Keep utm and promo-code in local storage with the spec's merge rules. */
export function storeMarketingFromQuery(search: string, storage: Storage = window.localStorage) {
  const previous = readStored(storage);
  const next = captureMarketing(previous, new URLSearchParams(search));
  if (sameMarketing(previous, next) && storage.getItem(UTM_STORAGE_KEY) !== null) return next;
  storage.setItem(UTM_STORAGE_KEY, JSON.stringify(next.utm));
  storage.setItem(PROMO_STORAGE_KEY, next.promoCode);
  return next;
}

export function clearStoredUtm(storage: Storage = window.localStorage) {
  storage.setItem(UTM_STORAGE_KEY, JSON.stringify({}));
}

export function clearStoredPromoCode(storage: Storage = window.localStorage) {
  storage.setItem(PROMO_STORAGE_KEY, "");
}
