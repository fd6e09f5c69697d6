/**
 * The sign-in pages' form schemas, as their loaders and actions import them: a route module takes a
 * schema only from a .server module, which its browser build leaves out (see ~/platform/form.server).
 * Named, not `export *`: esbuild 0.17 does not initialise a module re-exported with `export *` that
 * is also loaded by `import()` (useFormValidation), and the server build would see it empty.
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
export {
  PasskeyAddSchema,
  PasskeyStepSchema,
  passkeyResponseField,
  RecoveryStepSchema,
  TotpStepSchema,
} from "./two-step-schemas";
