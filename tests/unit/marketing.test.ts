import { describe, expect, it } from "vitest";
import {
  captureMarketing,
  emptyMarketing,
  mergeUtm,
  nextPromoCode,
  parseUtm,
  utmFromQuery,
} from "~/features/marketing/marketing";
import { clearStoredPromoCode, clearStoredUtm, storeMarketingFromQuery } from "~/features/marketing/marketing.client";

const q = (search: string) => new URLSearchParams(search);

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

describe("utm capture", () => {
  it("reads the five utm parameters and ignores empty ones", () => {
    expect(
      utmFromQuery(q("utm_source=news&utm_medium=email&utm_campaign=fall&utm_term=kayak&utm_content=hero&x=1")),
    ).toEqual({
      source: "news",
      medium: "email",
      campaign: "fall",
      term: "kayak",
      content: "hero",
    });
    expect(utmFromQuery(q("utm_source=&utm_medium=%20"))).toEqual({});
  });

  it("only defined incoming values overwrite earlier ones", () => {
    const previous = { source: "google", medium: "cpc", campaign: "spring" };
    expect(mergeUtm(previous, { medium: "email" })).toEqual({ source: "google", medium: "email", campaign: "spring" });
    expect(mergeUtm(previous, {})).toEqual(previous);
  });

  it("drops malformed stored values", () => {
    expect(parseUtm({ source: "ok", medium: 3, bogus: "x" })).toEqual({ source: "ok" });
    expect(parseUtm("nonsense")).toEqual({});
  });
});

describe("promo code capture", () => {
  it("is replaced by a non-empty promo_code, the first one when several", () => {
    expect(nextPromoCode("OLD", q("promo_code=NEW&promo_code=OTHER"))).toBe("NEW");
  });

  it("is kept when the query has none or an empty one", () => {
    expect(nextPromoCode("OLD", q(""))).toBe("OLD");
    expect(nextPromoCode("OLD", q("promo_code="))).toBe("OLD");
  });

  it("merges both together", () => {
    const first = captureMarketing(emptyMarketing(), q("utm_source=a&promo_code=SAVE10"));
    const second = captureMarketing(first, q("utm_medium=b"));
    expect(second).toEqual({ utm: { source: "a", medium: "b" }, promoCode: "SAVE10" });
  });
});

describe("client storage under the keys utm and promo-code", () => {
  it("stores, merges and clears", () => {
    const storage = new MemoryStorage();
    storeMarketingFromQuery("?utm_source=news&promo_code=WELCOME", storage);
    expect(JSON.parse(storage.getItem("utm")!)).toEqual({ source: "news" });
    expect(storage.getItem("promo-code")).toBe("WELCOME");

    storeMarketingFromQuery("?utm_campaign=fall", storage);
    expect(JSON.parse(storage.getItem("utm")!)).toEqual({ source: "news", campaign: "fall" });
    expect(storage.getItem("promo-code")).toBe("WELCOME");

    clearStoredUtm(storage);
    clearStoredPromoCode(storage);
    expect(JSON.parse(storage.getItem("utm")!)).toEqual({});
    expect(storage.getItem("promo-code")).toBe("");
  });

  it("survives garbage in storage", () => {
    const storage = new MemoryStorage();
    storage.setItem("utm", "{not json");
    storeMarketingFromQuery("?utm_term=x", storage);
    expect(JSON.parse(storage.getItem("utm")!)).toEqual({ term: "x" });
  });
});
