/**
 * A photo as pages draw it (plain code: the browser's <ExperiencePicture> imports it). The API
 * writes each photo as AVIF, WebP and JPEG at PHOTO_WIDTHS no wider than the original
 * (api/photos/pipeline.ts); `src` is where its variants are, `{src}/{width}.{ext}`.
 */
/** A photo's file may not be larger than this (a bigger one: 413 `payload_too_large`). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Nor hold more pixels than this (a decompression bomb: 422 `image_too_large`). */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** Photos one experience may have (one more: 409 `too_many_photos`). */
export const MAX_PHOTOS_PER_EXPERIENCE = 20;
export const MAX_ALT_LENGTH = 250;

export const PHOTO_WIDTHS = [480, 960, 1600] as const;
export const PHOTO_FORMATS = ["avif", "webp", "jpeg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_EXTENSIONS: Record<PhotoFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

export interface Picture {
  /** Where the variants are: `{src}/{width}.{ext}` (a path on this origin, or the bucket's URL). */
  src: string;
  /** The widths written, smallest first. */
  widths: number[];
  /** The photo upright, in pixels (the largest variant's size is widths' last × its ratio). */
  width: number;
  height: number;
  alt: string;
  /** A tiny blurred WebP as a data: URI, drawn until the photo has loaded. */
  placeholder: string;
}

/** One variant's address. */
export const variantUrl = (picture: Pick<Picture, "src">, width: number, format: PhotoFormat) =>
  `${picture.src}/${width}.${PHOTO_EXTENSIONS[format]}`;

/** `srcset` of one format: every width written. */
export const srcSetOf = (picture: Picture, format: PhotoFormat) =>
  picture.widths.map((width) => `${variantUrl(picture, width, format)} ${width}w`).join(", ");

/** The JPEG for shares (og:image): the widest written up to about 1600 pixels. */
export const shareImageOf = (picture: Picture) => variantUrl(picture, picture.widths.at(-1)!, "jpeg");
