import { z } from "zod";
import { CATEGORY_SLUGS, EXPERIENCE_CATEGORIES, type CategorySlug } from "../catalog/categories";
import { catalogId } from "../catalog/requests";
import { experienceRules, sharedExperienceFields } from "./experience-fields";
import { said } from "../fields";
import type * as out from "../outputs";
import { pageParam } from "../query";

export { CATEGORY_SLUGS, EXPERIENCE_CATEGORIES, type CategorySlug };
export { canonicalLanguage, EXPERIENCE_LIMITS, experienceRules } from "./experience-fields";

const rules = experienceRules();

const meetingPointLocation = z
  .object({ lat: rules.latitude, lng: rules.longitude }, { invalid_type_error: said("experience.coordinatesBoth") })
  .strict()
  .nullable();

const editable = {
  ...sharedExperienceFields(rules),
  /** Where to meet, for the details page's map link: both coordinates, or null for none. */
  meetingPointLocation,
  included: rules.included,
  /**
   * The IANA zone its departures are scheduled and listed in, for every service (a change moves
   * the weekly rules' departures to the same local times in the new zone).
   */
  timezone: rules.timezone,
};

/**
 * POST /v1/operator/experiences: a new draft, with its first service ("Standard") of `capacity`
 * guests. Without a `timezone`: its meeting point's (the coordinates', else the city's in its
 * country, else the country's only zone), else the operator's.
 */
export const createExperienceBody = z
  .object({
    ...editable,
    meetingPointLocation: meetingPointLocation.optional().default(null),
    included: rules.included.optional().default([]),
    capacity: rules.capacity.optional().default(10),
    timezone: rules.timezone.optional(),
  })
  .strict();

/** PATCH /v1/operator/experiences/{experienceId}: any of the fields, and whether it is published. */
export const updateExperienceBody = z
  .object({
    ...Object.fromEntries(Object.entries(editable).map(([key, schema]) => [key, schema.optional()])),
    published: z.boolean({ invalid_type_error: said("boolean.invalid") }).optional(),
  } as { [K in keyof typeof editable]: z.ZodOptional<(typeof editable)[K]> } & {
    published: z.ZodOptional<z.ZodBoolean>;
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), said("experience.nothing"));

export const operatorExperienceParams = z.object({ experienceId: catalogId });

export const operatorExperiencesQuery = z.object({ page: pageParam });

/** The console's list shows this many experiences a page. */
export const OPERATOR_EXPERIENCES_PAGE_SIZE = 50;

/** What publishing needs that an experience may lack (409 `not_publishable` names it). */
export const PUBLISH_REQUIREMENTS = ["ticket_type"] as const;
export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number];

export type CreateExperienceBody = z.input<typeof createExperienceBody>;
export type UpdateExperienceBody = z.output<typeof updateExperienceBody>;
export type OperatorExperienceRow = z.infer<typeof out.operatorExperienceRow>;
export type OperatorExperienceList = z.infer<typeof out.operatorExperienceList>;
export type OperatorExperience = z.infer<typeof out.operatorExperience>;
