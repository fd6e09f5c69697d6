import { z } from "zod";
import { experienceRules, sharedExperienceFields } from "~contract/operator/experience-fields";
import { said } from "~contract/fields";

/** The API's rules: their codes are shown by operatorExperiences.errors.* (app/platform/field-message-keys.ts). */
const rules = experienceRules();

/** A text area of one item per line → the lines that have text. */
const lines = z
  .string()
  .optional()
  .transform((text) =>
    (text ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .pipe(rules.included);

/** The fields of the create and edit forms: the API's rules (contract), in the form's shapes. */
const fields = {
  ...sharedExperienceFields(rules),
  latitude: rules.latitude.optional(),
  longitude: rules.longitude.optional(),
  included: lines,
};

type Place = { latitude?: number; longitude?: number };
function bothOrNeither(value: Place, ctx: z.RefinementCtx) {
  if ((value.latitude === undefined) !== (value.longitude === undefined)) {
    const path = value.latitude === undefined ? "latitude" : "longitude";
    ctx.addIssue({ code: "custom", path: [path], message: said("experience.coordinatesBoth") });
  }
}

/** Creating: the zone may be left to the API (its meeting point's, else the operator's). */
export const CreateExperienceSchema = z
  .object({ ...fields, capacity: rules.capacity, timezone: rules.timezone.optional() })
  .superRefine(bothOrNeither);
export const EditExperienceSchema = z
  .object({ intent: z.literal("save"), ...fields, timezone: rules.timezone })
  .superRefine(bothOrNeither);
export const PublishSchema = z.object({ intent: z.literal("publish"), published: z.enum(["true", "false"]) });

export type ExperienceFormValue = z.output<typeof CreateExperienceSchema>;

/** The API's body from a form's value: the meeting point's place from its two coordinates. */
export function experienceBody<T extends Place>(value: T) {
  const { latitude, longitude, ...rest } = value;
  return {
    ...rest,
    meetingPointLocation: latitude !== undefined && longitude !== undefined ? { lat: latitude, lng: longitude } : null,
  };
}

/** The API's refusal of a field (422 naming it), shown on that field of either form. */
export const EXPERIENCE_FIELD_REFUSALS = Object.fromEntries(
  Object.keys(CreateExperienceSchema.innerType().shape).map((name) => [name, "operatorExperiences.errors.refused"]),
);
