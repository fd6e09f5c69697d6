import { z } from "zod";
import { altText } from "~contract/fields";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_EXPERIENCE } from "~contract/picture";
import { idempotencyKey } from "./form-key";

/** The API's limits (contract/picture.ts), in the page's words (locale keys). */
const photoId = z.string().min(1).max(64);
/** The API's rule (contract/photos.ts); its codes are shown as photos.altRequired and photos.altTooLong. */
const alt = altText;

/** The Photos page's forms: one schema each, shared by the forms and the action. */
export const UploadSchema = z.object({
  intent: z.literal("upload"),
  file: z
    .instanceof(File, { message: "photos.fileRequired" })
    .refine((file) => file.size <= MAX_PHOTO_BYTES, "photos.fileTooLarge"),
  alt,
  idempotencyKey,
});
export const AltSchema = z.object({ intent: z.literal("alt"), photoId, alt });
/** Make cover (0), move up or down: the place the button names. */
export const MoveSchema = z.object({
  intent: z.literal("move"),
  photoId,
  position: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_PHOTOS_PER_EXPERIENCE - 1),
});
export const DeleteSchema = z.object({ intent: z.literal("delete"), photoId });

export const PHOTO_SCHEMAS = { upload: UploadSchema, alt: AltSchema, move: MoveSchema, delete: DeleteSchema } as const;
export type PhotoIntent = keyof typeof PHOTO_SCHEMAS;
