/** Shapes of the hand-written seed catalog (see accounts.ts and experiences-*.ts). */
export type CategorySlug = "tours" | "food-drink" | "classes" | "outdoors" | "water" | "culture";
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

export interface SeedExperience {
  id: string;
  account: AccountSlug;
  title: string;
  summary: string;
  description: string;
  category: CategorySlug;
  city: CitySlug;
  included: string[];
  meetingPoint: string;
  /** Overrides the operator's standard cancellation wording. */
  cancellationPolicy?: string;
  /** 0..1: how full its departures tend to be. */
  demand: number;
  services: SeedService[];
}
