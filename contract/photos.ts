import { z } from "zod";
import { altText, said } from "./fields";
import type * as out from "./outputs";

import { MAX_PHOTOS_PER_EXPERIENCE } from "./picture";

export { MAX_ALT_LENGTH, MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MAX_PHOTOS_PER_EXPERIENCE } from "./picture";

/** What the OpenAPI document draws as a file (`type: string, format: binary`). */
export const FILE_FIELD = "A file (multipart/form-data)";

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, said("id.invalid"));

export { altText };

/** A file part: its bytes are checked by the pipeline (the declared type and name are never trusted). */
export const photoFile = z
  .custom<Blob>((value) => typeof Blob !== "undefined" && value instanceof Blob, {
    message: said("photo.required"),
  })
  .describe(FILE_FIELD);

export const experiencePhotosParams = z.object({ experienceId: id });
export const photoParams = z.object({ experienceId: id, photoId: id });

/** POST /v1/operator/experiences/{experienceId}/photos, multipart/form-data: one file and its alt text. */
export const uploadPhotoBody = z.object({ file: photoFile, alt: altText });

/** PATCH …/photos/{photoId}: new alt text, and/or a new place (0: the cover). */
export const updatePhotoBody = z
  .object({
    alt: altText.optional(),
    position: z
      .number()
      .int()
      .min(0)
      .max(MAX_PHOTOS_PER_EXPERIENCE - 1)
      .optional(),
  })
  .refine((body) => body.alt !== undefined || body.position !== undefined, {
    message: said("photo.nothing"),
  });

/** PUT …/photo-order: every photo of the experience, cover first. */
export const reorderPhotosBody = z.object({ photoIds: z.array(id).min(1).max(MAX_PHOTOS_PER_EXPERIENCE) });

/** GET /v1/media/photos/{experienceId}/{photoId}/{file}: one variant, e.g. `960.avif`. */
export const mediaParams = z.object({
  experienceId: id,
  photoId: id,
  file: z.string().regex(/^\d{2,5}\.(avif|webp|jpg)$/, said("file.notOurs")),
});

export type OperatorPhoto = z.infer<typeof out.operatorPhoto>;
export type OperatorPhotos = z.infer<typeof out.operatorPhotos>;
