import { z } from "zod";
import type { CategorySlug } from "~contract/catalog/categories";

/** Shapes of the hand-written seed catalog (see accounts.ts and catalog/*.json). */
export type { CategorySlug };
export type CitySlug = SeedExperience["city"];
export type AccountSlug = SeedExperience["account"];

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

const TICKET_CODES = ["adult", "child", "senior", "student", "infant", "participant", "couple", "group"] as const;
export type TicketCode = (typeof TICKET_CODES)[number];

const seedService = z.object({
  name: z.string().min(1),
  description: z.string(),
  durationMinutes: z.number().int().positive(),
  capacity: z.number().int().positive(),
  /** Local start times, "HH:MM", in the operator's timezone. */
  times: z.array(z.string().regex(/^\d\d:\d\d$/)).min(1),
  /** Days of the week it runs (0 = Sunday); every day when absent. */
  weekdays: z.array(z.number().int().min(0).max(6)).optional(),
  /** Ticket code → price in the operator's minor units, in the order they are offered. */
  tickets: z.record(z.enum(TICKET_CODES), z.number().int().nonnegative()),
});
export type SeedService = z.infer<typeof seedService>;

/** What every seed experience has, whatever its category. */
const experienceBase = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  account: z.enum(["acme", "harbor", "summit", "olive"]),
  title: z.string().min(1),
  summary: z.string().min(1),
  description: z.string().min(1),
  city: z.enum(["new-york", "boston", "lisbon", "porto", "vancouver", "whistler", "barcelona"]),
  included: z.array(z.string()),
  meetingPoint: z.string().min(1),
  /** The meeting point on a map (WGS 84 degrees). */
  meetingPointLocation: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  /** Overrides the operator's standard cancellation wording. */
  cancellationPolicy: z.string().optional(),
  /** 0..1: how full its departures tend to be. */
  demand: z.number().min(0).max(1),
  services: z.array(seedService).min(1),
});

/** A category's experiences: `kind` is one of EXPERIENCE_KINDS[category], its illustration (images.ts). */
const inCategory = <C extends CategorySlug>(category: C) =>
  experienceBase.extend({ category: z.literal(category), kind: z.enum(EXPERIENCE_KINDS[category]) }).strict();

/**
 * One experience of the hand-written seed catalog (catalog/*.json, one file per operator: the
 * catalog is content, kept as data and read through this schema).
 */
const seedExperience = z.discriminatedUnion("category", [
  inCategory("tours"),
  inCategory("food-drink"),
  inCategory("classes"),
  inCategory("outdoors"),
  inCategory("water"),
  inCategory("culture"),
]);
export type SeedExperience = z.output<typeof seedExperience>;

/** An operator's seed experiences from its JSON file, checked (a typo fails the seed, not the page). */
export function seedExperiences(json: unknown): SeedExperience[] {
  return z.array(seedExperience).parse(json);
}
