import sharp, { type Sharp } from "sharp";
import { MAX_PHOTO_PIXELS } from "~contract/photos";
import {
  LOGO_CONTENT_TYPES,
  LOGO_FORMATS,
  LOGO_HEIGHTS,
  MAX_LOGO_WIDTH,
  type LogoFormat,
} from "~contract/operator/branding";
import { ApiError } from "../http/errors";
import { inspectPhoto, oneAtATime, rawInput, resizedEncodings, unreadableImage } from "./pipeline";

export interface LogoVariant {
  /** `96.webp`, `192.png`, … */
  file: string;
  contentType: string;
  bytes: Uint8Array;
}

const ENCODE: Record<LogoFormat, (image: Sharp) => Sharp> = {
  webp: (image) => image.webp({ quality: 90, alphaQuality: 100, effort: 4 }),
  png: (image) => image.png({ compressionLevel: 9, palette: false }),
};

/**
 * A logo through the photo pipeline's rules (inspectPhoto: JPEG, PNG, WebP or AVIF read from the
 * bytes, else 415; 413; 422), upright, stripped of metadata, in sRGB, its transparency KEPT (no
 * flattening: a wordmark sits on the header's colour), LOGO_HEIGHTS high (never wider than
 * MAX_LOGO_WIDTH at 1x), as WebP and PNG. One image at a time with the photos.
 */
export function processLogo(bytes: Uint8Array): Promise<LogoVariant[]> {
  return oneAtATime(() => writeLogo(bytes));
}

async function writeLogo(bytes: Uint8Array): Promise<LogoVariant[]> {
  await inspectPhoto(bytes);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
      .rotate()
      .toColourspace("srgb")
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = rawInput(info);
    const variants: LogoVariant[] = [];
    for (const [scale, height] of LOGO_HEIGHTS.entries()) {
      const resize = { height, width: MAX_LOGO_WIDTH * (scale + 1), fit: "inside" as const };
      const { encoded } = await resizedEncodings(data, raw, resize, LOGO_FORMATS, ENCODE);
      for (const { format, bytes } of encoded) {
        variants.push({ file: `${height}.${format}`, contentType: LOGO_CONTENT_TYPES[format], bytes });
      }
    }
    return variants;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unreadableImage();
  }
}
