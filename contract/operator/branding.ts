import { z } from "zod";
import { said, type FieldMessageCode } from "../fields";
import { usPhoneNumber } from "../phone";
import { isSingleLineText } from "../text";
import { photoFile } from "../photos";

import { MAX_DISPLAY_NAME, MAX_TAGLINE } from "./branding-rules";

export * from "./branding-rules";

/**
 * An operator's branding (issue 29 item 4): the storefront's display name, tagline, primary colour,
 * support email and phone and logo. The console edits a DRAFT; publishing copies it onto the
 * account, which is all travellers (the storefront, its emails) ever see. Plain code: the console's
 * page checks the colour with the same rule as the API.
 */

/** Text shown as is (escaped by React and the email templates): THE text rule (contract/text.ts). */
const plainText = (
  max: number,
  says: { tooLong: FieldMessageCode; invalid: FieldMessageCode; required?: FieldMessageCode },
) =>
  z
    .string()
    .trim()
    .min(says.required ? 1 : 0, says.required && said(says.required))
    .max(max, said(says.tooLong))
    .refine(isSingleLineText, said(says.invalid));

/** Only ever #rrggbb (stored lowercase): a colour reaches the pages as a CSS custom property's value, nothing else. */
export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, said("color.invalid"))
  .transform((value) => value.toLowerCase());

/** A US number (the spec: phones are US), typed any common way, kept as +1 and 10 digits; "" removes it. */
export const supportPhone = z
  .string()
  .trim()
  .max(40, said("supportPhone.tooLong"))
  .transform((value, ctx) => {
    if (value === "") return null;
    const number = usPhoneNumber(value);
    if (number) return number;
    ctx.addIssue({ code: "custom", message: said("supportPhone.invalid") });
    return z.NEVER;
  });

/** An address people write to; "" removes it. */
export const supportEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, said("supportEmail.tooLong"))
  .refine((value) => value === "" || z.string().email().safeParse(value).success, said("supportEmail.invalid"))
  .transform((value) => (value === "" ? null : value));

/** PATCH /v1/operator/branding: the draft's fields to change (any of them, at least one). */
export const updateBrandingBody = z
  .object({
    name: plainText(MAX_DISPLAY_NAME, {
      tooLong: "displayName.tooLong",
      invalid: "displayName.invalid",
      required: "displayName.required",
    }).optional(),
    tagline: plainText(MAX_TAGLINE, { tooLong: "tagline.tooLong", invalid: "tagline.invalid" }).optional(),
    primaryColor: hexColor.optional(),
    supportEmail: supportEmail.optional(),
    supportPhone: supportPhone.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: said("body.empty") });

/** POST /v1/operator/branding/logo, multipart/form-data: the logo's file. */
export const uploadLogoBody = z.object({ file: photoFile });

/** GET /v1/media/logos/{accountId}/{logoId}/{file}: one variant, e.g. `192.png`. */
export const logoMediaParams = z.object({
  accountId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, said("id.invalid")),
  logoId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, said("id.invalid")),
  file: z.string().regex(/^(96|192)\.(webp|png)$/, said("file.notOurs")),
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
