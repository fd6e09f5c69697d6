import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    screens: { sm: "640px", md: "768px", lg: "1024px", xl: "1280px", "2xl": "1536px" },
    extend: {
      colors: {
        brand: {
          DEFAULT: "rgb(var(--brand-primary) / <alpha-value>)",
          accent: "rgb(var(--brand-accent) / <alpha-value>)",
          ink: "rgb(var(--brand-ink) / <alpha-value>)",
        },
      },
    },
  },
  plugins: [
    // `narrow:`: screens below lg, where wide tables become cards (app/ui/stacked-table.tsx);
    // unlike `max-lg:`, never on paper (a printed manifest stays a table).
    plugin(({ addVariant }) => addVariant("narrow", "@media screen and (max-width: 1023.98px)")),
  ],
} satisfies Config;
