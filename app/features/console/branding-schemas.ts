import { z } from "zod";
import { usPhoneNumber } from "~contract/phone";
import { MAX_DISPLAY_NAME, MAX_TAGLINE, passesButtonContrast } from "~contract/operator/branding-rules";
import { MAX_PHOTO_BYTES } from "~contract/picture";
import { idempotencyKey } from "./form-key";

/** The Branding page's forms (locale keys as messages): one schema each, shared by the forms and the action. */
const NO_CONTROL = /^[^\p{Cc}]*$/u;

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .regex(NO_CONTROL, "branding.controlCharacters")
    .optional()
    .transform((value) => value ?? "");

export const SaveSchema = z.object({
  intent: z.literal("save"),
  name: z
    .string({ required_error: "branding.nameRequired" })
    .trim()
    .min(1, "branding.nameRequired")
    .max(MAX_DISPLAY_NAME, "branding.nameTooLong")
    .regex(NO_CONTROL, "branding.controlCharacters"),
  tagline: optionalText(MAX_TAGLINE, "branding.taglineTooLong"),
  primaryColor: z
    .string({ required_error: "branding.colorInvalid" })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "branding.colorInvalid")
    .transform((value) => value.toLowerCase())
    .refine(passesButtonContrast, "branding.contrastTooLow"),
  supportEmail: z
    .string()
    .trim()
    .max(254, "branding.emailInvalid")
    .email("branding.emailInvalid")
    .optional()
    .transform((value) => value ?? ""),
  supportPhone: z
    .string()
    .trim()
    .max(40, "branding.phoneInvalid")
    .refine((value) => value === "" || usPhoneNumber(value) !== null, "branding.phoneInvalid")
    .optional()
    .transform((value) => value ?? ""),
});

export const LogoSchema = z.object({
  intent: z.literal("logo"),
  file: z
    .instanceof(File, { message: "branding.logoRequired" })
    .refine((file) => file.size > 0, "branding.logoRequired")
    .refine((file) => file.size <= MAX_PHOTO_BYTES, "branding.logoTooLarge"),
  idempotencyKey,
});
export const RemoveLogoSchema = z.object({ intent: z.literal("removeLogo") });
export const PublishBrandingSchema = z.object({ intent: z.literal("publish") });

export const BRANDING_SCHEMAS = {
  save: SaveSchema,
  logo: LogoSchema,
  removeLogo: RemoveLogoSchema,
  publish: PublishBrandingSchema,
} as const;
export type BrandingIntent = keyof typeof BRANDING_SCHEMAS;
