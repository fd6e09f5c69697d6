/**
 * The catalog's categories: what an operator files an experience under (the console's select) and
 * what the marketplace's category pages and facets are made of. The seed's illustrations add their
 * colours (api/db/seed-data/places.ts).
 */
export const EXPERIENCE_CATEGORIES = {
  tours: "Tours & Sightseeing",
  "food-drink": "Food & Drink",
  classes: "Classes & Workshops",
  outdoors: "Outdoors & Adventure",
  water: "On the Water",
  culture: "Art & Culture",
} as const;

export type CategorySlug = keyof typeof EXPERIENCE_CATEGORIES;
export const CATEGORY_SLUGS = Object.keys(EXPERIENCE_CATEGORIES) as [CategorySlug, ...CategorySlug[]];
