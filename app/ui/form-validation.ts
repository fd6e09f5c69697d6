/**
 * Every form's schema and conform's zod parser, in one module that pages load once they are
 * interactive (useFormValidation): zod and the schemas are about 17 KiB gzip that no page needs
 * to show itself or to work without JavaScript. Actions import the schemas directly.
 */
export { parseWithZod } from "@conform-to/zod";
export * as auth from "~/features/auth/auth-schemas";
export * as profile from "~/features/auth/profile-schema";
export * as personalInfo from "~/features/account/personal-info-schemas";
export * as security from "~/features/account/security-schemas";
export * as checkout from "~/features/checkout/card-schema";
export * as tips from "~/features/tips/tip-schema";
