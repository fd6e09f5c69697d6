import type { CategorySlug } from "~contract/categories";
import type { GeoPoint } from "~contract/catalog";

/** Shapes of the hand-written seed catalog (see accounts.ts and experiences-*.ts). */
export type { CategorySlug };
export type CitySlug = "new-york" | "boston" | "lisbon" | "porto" | "vancouver" | "whistler" | "barcelona";
export type AccountSlug = "acme" | "harbor" | "summit" | "olive";
export type TicketCode = "adult" | "child" | "senior" | "student" | "infant" | "participant" | "couple" | "group";

export interface SeedAccount {
  slug: AccountSlug;
  name: string;
  tagline: string;
  primaryColor: string;
  accentColor: string;
  inkColor: string;
  timezone: string;
  currency: string;
  cancellationCutoffHours: number;
  waiverText: string;
  waiverVersion: number;
  contactEmail: string;
  contactPhone: string;
  postalAddress: string;
  /** One or two letters drawn in the logo. */
  monogram: string;
}

export interface SeedTicket {
  code: TicketCode;
  priceMinor: number;
}

/** The usual pair: an adult and a child price, in the operator's minor units. */
export function adultAndChild(adultMinor: number, childMinor: number): SeedTicket[] {
  return [
    { code: "adult", priceMinor: adultMinor },
    { code: "child", priceMinor: childMinor },
  ];
}

export interface SeedService {
  name: string;
  description: string;
  durationMinutes: number;
  capacity: number;
  /** Local start times, "HH:MM", in the operator's timezone. */
  times: string[];
  /** Days of the week it runs (0 = Sunday); every day when absent. */
  weekdays?: number[];
  tickets: SeedTicket[];
}

/**
 * What an experience is, within its category: its illustration (images.ts) draws this, so a pizza
 * class shows a pizza, not the category's generic palette.
 */
export const EXPERIENCE_KINDS = {
  tours: ["walking", "bike", "drive", "wildlife"],
  "food-drink": ["food-tour", "wine", "coffee"],
  classes: ["pizza", "baking", "paella", "painting", "photography"],
  outdoors: ["hiking", "bike", "zipline"],
  water: ["kayak", "sailing", "boat", "surf"],
  culture: ["music", "street-art", "landmark"],
} as const satisfies Record<CategorySlug, readonly string[]>;
export type ExperienceKind = (typeof EXPERIENCE_KINDS)[CategorySlug][number];

export interface SeedExperience {
  id: string;
  account: AccountSlug;
  title: string;
  summary: string;
  description: string;
  category: CategorySlug;
  /** One of EXPERIENCE_KINDS[category]. */
  kind: ExperienceKind;
  city: CitySlug;
  included: string[];
  meetingPoint: string;
  /** The meeting point on a map (WGS 84 degrees). */
  meetingPointLocation: GeoPoint;
  /** Overrides the operator's standard cancellation wording. */
  cancellationPolicy?: string;
  /** 0..1: how full its departures tend to be. */
  demand: number;
  services: SeedService[];
}
