/**
 * The account pages' form schemas, as their loaders and actions import them: a route module takes a
 * schema only from a .server module, which its browser build leaves out (see ~/platform/form.server).
 */
export { PERSONAL_INFO_SCHEMAS, type PersonalInfoIntent } from "./personal-info-schemas";
export {
  addPasswordSchema,
  changePasswordSchema,
  PasskeyNameSchema,
  TotpConfirmSchema,
  TWO_STEP_FORMS,
} from "./security-schemas";
