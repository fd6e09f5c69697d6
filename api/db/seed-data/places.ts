import { EXPERIENCE_CATEGORIES } from "~contract/catalog/categories";
import type { CategorySlug, CitySlug, TicketCode } from "./types";

const colored = (slug: CategorySlug, colors: [string, string]) => ({ name: EXPERIENCE_CATEGORIES[slug], colors });

export const CATEGORIES: Record<CategorySlug, { name: string; colors: [string, string] }> = {
  tours: colored("tours", ["#1e3a8a", "#60a5fa"]),
  "food-drink": colored("food-drink", ["#9a3412", "#fdba74"]),
  classes: colored("classes", ["#6b21a8", "#d8b4fe"]),
  outdoors: colored("outdoors", ["#14532d", "#86efac"]),
  water: colored("water", ["#0c4a6e", "#67e8f9"]),
  culture: colored("culture", ["#881337", "#fda4af"]),
};

/** The seed's cities: their name, country (ISO 3166-1) and the languages their experiences are given in. */
export const CITIES: Record<CitySlug, { name: string; country: string; languages: string[] }> = {
  "new-york": { name: "New York", country: "US", languages: ["en"] },
  boston: { name: "Boston", country: "US", languages: ["en"] },
  lisbon: { name: "Lisbon", country: "PT", languages: ["en", "pt"] },
  porto: { name: "Porto", country: "PT", languages: ["en", "pt"] },
  vancouver: { name: "Vancouver", country: "CA", languages: ["en"] },
  whistler: { name: "Whistler", country: "CA", languages: ["en"] },
  barcelona: { name: "Barcelona", country: "ES", languages: ["en", "es"] },
};

export const TICKET_NAMES: Record<TicketCode, string> = {
  adult: "Adult",
  child: "Child (5–12)",
  senior: "Senior (65+)",
  student: "Student (with ID)",
  infant: "Infant (under 5)",
  participant: "Participant",
  couple: "Couple (2 people)",
  group: "Private group (up to 6)",
};
