import type { SeedAccount } from "./types";

const standardWaiver = (name: string) =>
  `I understand that activities run by ${name} involve physical effort and natural hazards. ` +
  "I confirm that I am in good health, will follow the guide's instructions, and accept " +
  "responsibility for my own belongings. I release the operator from liability for injuries " +
  "that are not caused by its negligence.";

export const SEED_ACCOUNTS: SeedAccount[] = [
  {
    slug: "acme",
    name: "Acme Adventures",
    tagline: "Big-city walks, bikes and boats with guides who live here.",
    primaryColor: "#1D4ED8",
    accentColor: "#F97316",
    inkColor: "#0F172A",
    timezone: "America/New_York",
    currency: "USD",
    cancellationCutoffHours: 24,
    waiverText: standardWaiver("Acme Adventures"),
    waiverVersion: 3,
    monogram: "A",
  },
  {
    slug: "harbor",
    name: "Harbor & Tide",
    tagline: "Sailing, surfing and slow evenings along the Portuguese coast.",
    primaryColor: "#0F766E",
    accentColor: "#F59E0B",
    inkColor: "#042F2E",
    timezone: "Europe/Lisbon",
    currency: "EUR",
    cancellationCutoffHours: 48,
    waiverText: standardWaiver("Harbor & Tide"),
    waiverVersion: 1,
    monogram: "H",
  },
  {
    slug: "summit",
    name: "Summit Trails",
    tagline: "Mountains, forests and fjords of British Columbia, guided.",
    primaryColor: "#15803D",
    accentColor: "#FACC15",
    inkColor: "#052E16",
    timezone: "America/Vancouver",
    currency: "CAD",
    cancellationCutoffHours: 24,
    waiverText: standardWaiver("Summit Trails"),
    waiverVersion: 2,
    monogram: "S",
  },
  {
    slug: "olive",
    name: "Olive & Ember",
    tagline: "Cook, taste and wander Barcelona with local chefs and historians.",
    primaryColor: "#9F1239",
    accentColor: "#84CC16",
    inkColor: "#1C1917",
    timezone: "Europe/Madrid",
    currency: "EUR",
    cancellationCutoffHours: 12,
    waiverText: standardWaiver("Olive & Ember"),
    waiverVersion: 1,
    monogram: "OE",
  },
];
