import type { CategorySlug, CitySlug, TicketCode } from "./types";

export const CATEGORIES: Record<CategorySlug, { name: string; colors: [string, string] }> = {
  tours: { name: "Tours & Sightseeing", colors: ["#1e3a8a", "#60a5fa"] },
  "food-drink": { name: "Food & Drink", colors: ["#9a3412", "#fdba74"] },
  classes: { name: "Classes & Workshops", colors: ["#6b21a8", "#d8b4fe"] },
  outdoors: { name: "Outdoors & Adventure", colors: ["#14532d", "#86efac"] },
  water: { name: "On the Water", colors: ["#0c4a6e", "#67e8f9"] },
  culture: { name: "Art & Culture", colors: ["#881337", "#fda4af"] },
};

export const CITIES: Record<CitySlug, { name: string }> = {
  "new-york": { name: "New York" },
  boston: { name: "Boston" },
  lisbon: { name: "Lisbon" },
  porto: { name: "Porto" },
  vancouver: { name: "Vancouver" },
  whistler: { name: "Whistler" },
  barcelona: { name: "Barcelona" },
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
