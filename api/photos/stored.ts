import type { experiencePhotos, StoredPicture } from "../db/schema";

/** A photo's row as kept for drawing it (experiences.cover_photo holds the cover's). */
export const storedOf = (row: typeof experiencePhotos.$inferSelect): StoredPicture => ({
  prefix: row.storagePrefix,
  widths: row.widths,
  width: row.width,
  height: row.height,
  alt: row.alt,
  placeholder: row.placeholder,
});
