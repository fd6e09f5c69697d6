import { describe, expect, it } from "vitest";
import { SEED_EXPERIENCES } from "~api/db/seed-data/build";
import { experienceSvg } from "~api/db/seed-data/images";
import { MOTIFS } from "~api/db/seed-data/motifs";
import { EXPERIENCE_KINDS, type ExperienceKind } from "~api/db/seed-data/types";

const motifOf = (svg: string) => /<g data-motif="([a-z-]+)">/.exec(svg)?.[1];

describe("the seed's illustrations match their experience", () => {
  it("each experience has a kind of its category, and both its pictures draw that kind", () => {
    for (const experience of SEED_EXPERIENCES) {
      const kinds: readonly string[] = EXPERIENCE_KINDS[experience.category];
      expect(kinds, experience.id).toContain(experience.kind);
      expect(motifOf(experienceSvg(experience, 1)), experience.id).toBe(experience.kind);
      expect(motifOf(experienceSvg(experience, 2)), experience.id).toBe(experience.kind);
    }
  });

  it("the pizza class shows a pizza (crust, cheese, pepperoni), not the classes' paint palette", () => {
    const pizza = SEED_EXPERIENCES.find((experience) => experience.id === "new-york-pizza-making-class")!;
    expect(pizza.kind).toBe("pizza");
    const svg = experienceSvg(pizza, 1);
    expect(svg).toContain('fill="#d97706"'); // crust
    expect(svg).toContain('fill="#fde68a"'); // cheese
    expect(svg.match(/r="30" fill="#b91c1c"/g)?.length).toBeGreaterThanOrEqual(5); // pepperoni
    expect(svg).not.toContain('data-motif="painting"');
    const palette = SEED_EXPERIENCES.find((experience) => experience.id === "porto-azulejo-painting-class")!;
    expect(motifOf(experienceSvg(palette, 1))).toBe("painting");
  });

  it("matches by what the experience is: wine for tastings, a boat or sail on the water, a bike for cycling", () => {
    const kindOf = (id: string) => SEED_EXPERIENCES.find((experience) => experience.id === id)!.kind;
    const expected: Record<string, ExperienceKind> = {
      "porto-wine-cellar-tasting": "wine",
      "douro-six-bridges-cruise": "boat",
      "lisbon-sunset-sail": "sailing",
      "stanley-park-cycling-tour": "bike",
      "central-park-bike-tour": "bike",
      "hudson-river-kayak": "kayak",
      "grouse-mountain-guided-hike": "hiking",
      "pastel-de-nata-workshop": "baking",
      "alfama-fado-evening": "music",
      "whistler-alpine-photo-workshop": "photography",
    };
    for (const [id, kind] of Object.entries(expected)) expect(kindOf(id), id).toBe(kind);
  });

  it("draws every kind, each differently", () => {
    const kinds = new Set(Object.values(EXPERIENCE_KINDS).flat());
    expect(new Set(Object.keys(MOTIFS))).toEqual(kinds);
    const fixed = () => 0.5;
    const drawings = [...kinds].map((kind) => MOTIFS[kind](fixed));
    expect(new Set(drawings).size).toBe(drawings.length);
  });
});
