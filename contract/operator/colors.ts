/** WCAG 2 contrast between colours (#rrggbb), on both sides: brand colours chosen by operators. */

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of #rrggbb (0 black … 1 white). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const WHITE = "#ffffff";
export const INK = "#0f172a";

/**
 * The marketplace's own brand (app/tailwind.css's --brand-* defaults): teal, amber, slate ink.
 * The site, the storefront fallback and the platform's emails use these.
 */
export const PLATFORM_COLORS = { primary: "#0f766e", accent: "#f59e0b", ink: INK } as const;

/** Text colour for a background: white when it reads at 4.5:1 or better, else the dark ink. */
export function textOn(background: string): string {
  return contrastRatio(background, WHITE) >= 4.5 ? WHITE : INK;
}

/**
 * A brand colour usable as text or a button on white: itself when it reaches 4.5:1 on white,
 * else the fallback (a pale brand colour would make links unreadable).
 */
export function readableOnWhite(color: string, fallback: string): string {
  return contrastRatio(color, WHITE) >= 4.5 ? color : fallback;
}
