import type { AccountContext } from "~contract/catalog/accounts";
import { PLATFORM_COLORS } from "~contract/operator/colors";

const DEFAULT_COLORS = PLATFORM_COLORS;

function hexToRgbTriplet(hex: string, fallback: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const value = match ? match[1] : fallback.slice(1);
  const n = parseInt(value, 16);
  return `${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255}`;
}

/** CSS custom properties for the brand colours (Tailwind's `brand` colours read them). */
export function brandStyle(account: Pick<AccountContext, "colors"> | null): Record<string, string> {
  const colors = account?.colors ?? DEFAULT_COLORS;
  return {
    "--brand-primary": hexToRgbTriplet(colors.primary, DEFAULT_COLORS.primary),
    "--brand-accent": hexToRgbTriplet(colors.accent, DEFAULT_COLORS.accent),
    "--brand-ink": hexToRgbTriplet(colors.ink, DEFAULT_COLORS.ink),
  };
}
