import { contrastRatio, WHITE } from "./colors";

/**
 * The branding's rules as plain code (no zod): the console's page draws the contrast and the logo
 * with them in the browser; contract/operator/branding.ts holds the API's schemas.
 */

/** The button text (white, app/ui/form-parts.tsx `bg-brand text-white`) must reach this on the primary colour. */
export const MIN_BUTTON_CONTRAST = 4.5;
/** What the primary colour's buttons write on it. */
export const BUTTON_TEXT = WHITE;

export const MAX_DISPLAY_NAME = 80;
export const MAX_TAGLINE = 160;

/** The logo: a header's height at 1x and 2x, WebP and a PNG fallback (transparency kept). */
export const LOGO_HEIGHTS = [96, 192] as const;
export const LOGO_FORMATS = ["webp", "png"] as const;
export type LogoFormat = (typeof LOGO_FORMATS)[number];
export const LOGO_CONTENT_TYPES: Record<LogoFormat, string> = { webp: "image/webp", png: "image/png" };
/** A logo is at most this wide at 1x (a wordmark; wider ones are scaled down to fit). */
export const MAX_LOGO_WIDTH = 480;

/** The measured ratio as people read it: one decimal, rounded down (never flattering a colour). */
export const shownRatio = (ratio: number) => Math.floor(ratio * 10) / 10;

/** The button text's contrast on this colour (#rrggbb). */
export const buttonContrast = (color: string) => contrastRatio(color, BUTTON_TEXT);

/** Whether buttons of this colour are readable (4.5:1 or better). */
export const passesButtonContrast = (color: string) => buttonContrast(color) >= MIN_BUTTON_CONTRAST;

/** The API's refusal, in English: "The button text on #7dd3fc reaches 1.6:1; it needs 4.5:1." */
export const contrastRefusal = (color: string) =>
  `The button text on ${color} reaches ${shownRatio(buttonContrast(color))}:1; it needs ${MIN_BUTTON_CONTRAST}:1.`;
