/**
 * The console pages' form schemas, as their loaders and actions import them: a route module takes a
 * schema only from a .server module, which its browser build leaves out (see ~/platform/form.server).
 */
export { AcceptSchema, isTeamIntent, TEAM_SCHEMAS, type TeamIntent } from "./team-schemas";
export { CreateExperienceSchema, EditExperienceSchema, experienceBody, PublishSchema } from "./experience-schemas";
