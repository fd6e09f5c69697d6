/**
 * The console pages' form schemas, as their loaders and actions import them: a route module takes a
 * schema only from a .server module, which its browser build leaves out (see ~/platform/form.server).
 */
export { AcceptSchema, TEAM_SCHEMAS, type TeamIntent } from "./team-schemas";
export { priceFormSchema, type PriceIntent } from "./price-schemas";
export { PHOTO_SCHEMAS, type PhotoIntent } from "./photo-schemas";
export {
  DEPARTURE_SCHEMAS,
  SCHEDULE_SCHEMAS,
  splitList,
  type DepartureIntent,
  type ScheduleIntent,
} from "./schedule-schemas";
export {
  CreateExperienceSchema,
  EditExperienceSchema,
  EXPERIENCE_FIELD_REFUSALS,
  experienceBody,
  PublishSchema,
} from "./experience-schemas";
export { CHECK_IN_SCHEMAS, type CheckInIntent } from "./check-in-schemas";
export { BRANDING_SCHEMAS, type BrandingIntent } from "./branding-schemas";
export { refundFormSchema } from "./refund-schemas";
export { CheckInFormSchema } from "./manifest-schemas";
export { PAYOUT_SCHEMAS, scheduleBody } from "./payouts/payout-schedule-schemas";
