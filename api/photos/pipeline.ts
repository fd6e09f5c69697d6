import sharp, { type Metadata, type OutputInfo, type ResizeOptions, type Sharp } from "sharp";
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from "~contract/photos";
import { PHOTO_CONTENT_TYPES, PHOTO_FORMATS, PHOTO_WIDTHS, type PhotoFormat } from "~contract/picture";
import { ApiError } from "../http/errors";

// Two cores here: one photo's libvips work uses both; files are taken one at a time (below), so
// an upload never starves the requests around it of more than that. No cache: each photo is new.
sharp.concurrency(2);
sharp.cache(false);

/** What sharp reads that we accept, by what the bytes say (never the name or the declared type). */
const ACCEPTED = new Set(["jpeg", "png", "webp", "avif"]);

export interface Variant {
  width: number;
  height: number;
  format: PhotoFormat;
  contentType: string;
  bytes: Uint8Array;
}

export interface ProcessedPhoto {
  /** Upright (EXIF orientation applied). */
  width: number;
  height: number;
  /** The widths written, smallest first: PHOTO_WIDTHS up to the original's, or the original's alone. */
  widths: number[];
  variants: Variant[];
  /** A tiny blurred WebP as a data: URI. */
  placeholder: string;
}

const unsupported = () =>
  new ApiError(
    415,
    "unsupported_media_type",
    "This file is not a photo we can read: upload a JPEG, PNG, WebP or AVIF image (SVG and other formats are refused).",
  );

/** 415 unless the bytes are an image of an accepted format; 413 past MAX_PHOTO_BYTES; 422 past MAX_PHOTO_PIXELS. */
export async function inspectPhoto(bytes: Uint8Array): Promise<{ format: string; width: number; height: number }> {
  if (bytes.byteLength > MAX_PHOTO_BYTES)
    throw new ApiError(413, "payload_too_large", "The photo is larger than 10 MB: choose a smaller file.");
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  // AVIF is read as HEIF; HEIC (HEVC) is not decodable here.
  const format = metadata.format === "heif" ? (metadata.compression === "av1" ? "avif" : "heic") : metadata.format;
  if (!format || !ACCEPTED.has(format) || !metadata.width || !metadata.height) throw unsupported();
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS)
    throw new ApiError(
      422,
      "image_too_large",
      `This image is ${metadata.width} × ${metadata.height} pixels: photos may have at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`,
    );
  return { format, width: metadata.width, height: metadata.height };
}

const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 76, effort: 3 }),
  jpeg: (image) => image.jpeg({ quality: 80, mozjpeg: true, progressive: true }),
};

let queue: Promise<unknown> = Promise.resolve();

/**
 * The photo upright and stripped of every metadata (EXIF, GPS, XMP, ICC: colours converted to
 * sRGB), as AVIF, WebP and JPEG at each width, and its placeholder. One photo at a time per
 * process (the others wait their turn). Refusals: see inspectPhoto; bytes sharp then fails on: 415.
 */
export function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  return oneAtATime(() => writeVariants(bytes));
}

/** Image work (a photo's, a logo's) in this process's one queue: one file at a time. */
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}

/** The refusal of bytes whose header reads but whose pixels do not (truncated, corrupt): 415. */
export const unreadableImage = unsupported;

/** Decoded pixels' shape, as sharp reads raw pixels back. */
export const rawInput = (info: OutputInfo) => ({
  raw: { width: info.width, height: info.height, channels: info.channels },
});

/**
 * Decoded pixels (`data`, of shape `raw`) resized once by `resize`, then encoded in each of
 * `formats` by its encoder: the resized size, and the encodings in the formats' order.
 */
export async function resizedEncodings<F extends string>(
  data: Buffer,
  raw: ReturnType<typeof rawInput>,
  resize: ResizeOptions,
  formats: readonly F[],
  encoders: Record<F, (image: Sharp) => Sharp>,
): Promise<{ info: OutputInfo; encoded: { format: F; bytes: Uint8Array }[] }> {
  const resized = await sharp(data, raw).resize(resize).raw().toBuffer({ resolveWithObject: true });
  const encoded: { format: F; bytes: Uint8Array }[] = [];
  for (const format of formats) {
    const bytes = await encoders[format](sharp(resized.data, rawInput(resized.info))).toBuffer();
    encoded.push({ format, bytes: new Uint8Array(bytes) });
  }
  return { info: resized.info, encoded };
}

async function writeVariants(bytes: Uint8Array): Promise<ProcessedPhoto> {
  await inspectPhoto(bytes);
  const input = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" as const };
  try {
    // Decoded, turned upright and converted to sRGB once; every variant is made from these pixels.
    const { data, info } = await sharp(bytes, input)
      .rotate()
      .toColourspace("srgb")
      .flatten({ background: "#ffffff" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = rawInput(info);
    const widths: number[] = PHOTO_WIDTHS.filter((width) => width <= info.width);
    if (widths.length === 0) widths.push(info.width);
    const variants: Variant[] = [];
    for (const width of widths) {
      const resize = { width, withoutEnlargement: true };
      const resized = await resizedEncodings(data, raw, resize, PHOTO_FORMATS, ENCODE);
      for (const { format, bytes } of resized.encoded) {
        variants.push({ width, height: resized.info.height, format, contentType: PHOTO_CONTENT_TYPES[format], bytes });
      }
    }
    const placeholder = await sharp(data, raw).resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
    return {
      width: info.width,
      height: info.height,
      widths,
      variants,
      placeholder: `data:image/webp;base64,${placeholder.toString("base64")}`,
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A file whose header reads but whose pixels do not (truncated, corrupt).
    throw unsupported();
  }
}
