/**
 * The sign-in pages' form schemas, as their loaders and actions import them: a route module takes a
 * schema only from a .server module, which its browser build leaves out (see ~/platform/form.server).
 */
export {
  ConfirmEmailSchema,
  EmailLinkSchema,
  newPasswordSchema,
  ResetRequestSchema,
  SignInSchema,
  signUpSchema,
  WaiverSignSchema,
} from "./auth-schemas";
export { isProfileField, missingDataBody, missingDataSchema } from "./profile-schema";
