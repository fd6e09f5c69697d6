import { describe, expect, it } from "vitest";
import { CatalogQuerySchema, parseCatalogQuery } from "~/features/catalog/catalog-query.server";
import { findSlice } from "~/features/catalog/catalog-slice";

describe("catalog query from the address", () => {
  it("drops NUL, control characters and broken surrogates from the search text", () => {
    expect(parseCatalogQuery(new URLSearchParams("q=a%00b%0Ac")).q).toBe("abc");
    expect(CatalogQuerySchema.parse({ q: "\ud800kayak" }).q).toBe("kayak");
    expect(parseCatalogQuery(new URLSearchParams("q=%00")).q).toBeUndefined();
  });

  it("keeps valid filters", () => {
    expect(
      parseCatalogQuery(
        new URLSearchParams(
          "q=kayak&category=water&city=lisbon&date=2026-12-01&minPrice=10&maxPrice=90&sort=price_asc&page=2",
        ),
      ),
    ).toEqual({
      q: "kayak",
      category: "water",
      city: "lisbon",
      date: "2026-12-01",
      minPrice: 10,
      maxPrice: 90,
      sort: "price_asc",
      page: 2,
    });
  });

  it("drops empty and malformed values instead of failing the page", () => {
    const query = parseCatalogQuery(
      new URLSearchParams("q=%20&category=Bad Slug&date=2026-13-45&minPrice=&maxPrice=abc&sort=cheapest&page=0"),
    );
    expect(query).toEqual({});
  });
});

describe("home page slugs", () => {
  const facets = {
    categories: [{ slug: "food-drink", name: "Food & Drink", count: 3 }],
    cities: [{ slug: "lisbon", name: "Lisbon", count: 4 }],
    operators: [{ slug: "acme", name: "Acme Adventures", count: 9 }],
  };
  it("names a category, a city or an operator", () => {
    expect(findSlice(facets, "food-drink")?.kind).toBe("category");
    expect(findSlice(facets, "lisbon")?.kind).toBe("city");
    expect(findSlice(facets, "acme")?.kind).toBe("operator");
    expect(findSlice(facets, "nowhere")).toBeNull();
  });
});
