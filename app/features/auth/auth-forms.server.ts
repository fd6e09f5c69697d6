/**
 * The sign-in pages' form schemas, as their loaders and actions import them: a route module takes a
 * schema only from a .server module, which its browser build leaves out (see ~/platform/form.server).
 */
export * from "./auth-schemas";
export * from "./profile-schema";
