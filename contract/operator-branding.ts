import { z } from "zod";
import { usPhoneNumber } from "./fields";
import { isSingleLineText } from "./text";
import { photoFile } from "./photos";

import { MAX_DISPLAY_NAME, MAX_TAGLINE } from "./branding-rules";

export * from "./branding-rules";

/**
 * An operator's branding (issue 29 item 4): the storefront's display name, tagline, primary colour,
 * support email and phone and logo. The console edits a DRAFT; publishing copies it onto the
 * account, which is all travellers (the storefront, its emails) ever see. Plain code: the console's
 * page checks the colour with the same rule as the API.
 */

/** Text shown as is (escaped by React and the email templates): THE text rule (contract/text.ts). */
const plainText = (max: number, what: string, required?: string) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, required)
    .max(max, `Keep the ${what} to ${max} characters or fewer.`)
    .refine(isSingleLineText, `The ${what} may not hold control characters.`);

/** Only ever #rrggbb (stored lowercase): a colour reaches the pages as a CSS custom property's value, nothing else. */
export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Give the colour as #rrggbb.")
  .transform((value) => value.toLowerCase());

/** A US number (the spec: phones are US), typed any common way, kept as +1 and 10 digits; "" removes it. */
export const supportPhone = z
  .string()
  .trim()
  .max(40, "Give the phone number as +1 and 10 digits.")
  .transform((value, ctx) => {
    if (value === "") return null;
    const number = usPhoneNumber(value);
    if (number) return number;
    ctx.addIssue({ code: "custom", message: "Give a US phone number: +1 and 10 digits." });
    return z.NEVER;
  });

/** An address people write to; "" removes it. */
export const supportEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Keep the email address to 254 characters or fewer.")
  .refine((value) => value === "" || z.string().email().safeParse(value).success, "Give a valid email address.")
  .transform((value) => (value === "" ? null : value));

/** PATCH /v1/operator/branding: the draft's fields to change (any of them, at least one). */
export const updateBrandingBody = z
  .object({
    name: plainText(MAX_DISPLAY_NAME, "display name", "Give the display name.").optional(),
    tagline: plainText(MAX_TAGLINE, "tagline").optional(),
    primaryColor: hexColor.optional(),
    supportEmail: supportEmail.optional(),
    supportPhone: supportPhone.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "Send at least one field to change." });

/** POST /v1/operator/branding/logo, multipart/form-data: the logo's file. */
export const uploadLogoBody = z.object({ file: photoFile });

/** GET /v1/media/logos/{accountId}/{logoId}/{file}: one variant, e.g. `192.png`. */
export const logoMediaParams = z.object({
  accountId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a valid id."),
  logoId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a valid id."),
  file: z.string().regex(/^(96|192)\.(webp|png)$/, "Not a file of ours."),
});

/** One branding: what the storefront shows (published) or will show (the draft). */
export const brandingView = z.object({
  name: z.string(),
  tagline: z.string(),
  /** The logo's 2x PNG (emails use it as is); its sibling files: logoSources. */
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  supportEmail: z.string().nullable(),
  supportPhone: z.string().nullable(),
});
export type BrandingView = z.infer<typeof brandingView>;

/** GET /v1/operator/branding and every write's answer. */
export const operatorBranding = z.object({
  published: brandingView,
  draft: brandingView,
  /** Whether the draft differs from what is published (Publish has something to do). */
  unpublished: z.boolean(),
  /** The button text's measured contrast on the draft's primary colour. */
  draftContrast: z.number(),
});
export type OperatorBranding = z.infer<typeof operatorBranding>;
