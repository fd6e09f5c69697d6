import type { Facets } from "~/features/catalog/catalog";

export type CatalogSlice = {
  kind: "category" | "city" | "operator";
  slug: string;
  name: string;
  headingKey: string;
};

/** A home-page slug names a category, a city or an operator (checked in that order). */
export function findSlice(facets: Facets, slug: string): CatalogSlice | null {
  const normalized = slug.toLowerCase();
  const category = facets.categories.find((facet) => facet.slug === normalized);
  if (category) return { kind: "category", slug: category.slug, name: category.name, headingKey: "home.sliceCategory" };
  const city = facets.cities.find((facet) => facet.slug === normalized);
  if (city) return { kind: "city", slug: city.slug, name: city.name, headingKey: "home.sliceCity" };
  const operator = facets.operators.find((facet) => facet.slug === normalized);
  if (operator) return { kind: "operator", slug: operator.slug, name: operator.name, headingKey: "home.sliceOperator" };
  return null;
}
