import type { ExperienceKind } from "./types";

/**
 * One simple, recognizable drawing per kind of experience (a pizza for a pizza class, a sailboat
 * for a sail), in white and a few warm colours over the category's gradient. Placed right of
 * centre on a 1200 × 800 canvas, where the title (bottom left) leaves room.
 */
export type Motif = (rnd: () => number) => string;

const W = "#fff";
const round = (n: number) => Math.round(n);
const jitter = (rnd: () => number, base: number, spread: number) => round(base + rnd() * spread);

function waves(rnd: () => number, from = 560): string {
  return [from, from + 70, from + 140]
    .map((y, i) => {
      const a = jitter(rnd, 15, 20);
      return `<path d="M0 ${y} Q150 ${y - a} 300 ${y} T600 ${y} T900 ${y} T1200 ${y} V800 H0 Z" fill="${W}" opacity="${(0.14 + i * 0.1).toFixed(2)}"/>`;
    })
    .join("");
}

function mountains(rnd: () => number, opacity = 0.25): string {
  const p1 = jitter(rnd, 300, 200);
  const p2 = jitter(rnd, 750, 250);
  return (
    `<polygon points="-50,800 ${p1},${jitter(rnd, 260, 80)} ${p1 + 520},800" fill="${W}" opacity="${opacity}"/>` +
    `<polygon points="350,800 ${p2},${jitter(rnd, 200, 80)} 1300,800" fill="${W}" opacity="${opacity + 0.1}"/>`
  );
}

const steam = (x: number, y: number) =>
  [0, 1, 2]
    .map(
      (i) =>
        `<path d="M${x - 50 + i * 50} ${y} q-20 -35 0 -70 q20 -35 0 -70" stroke="${W}" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.5"/>`,
    )
    .join("");

const wheel = (x: number, y: number, r: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${W}" stroke-width="14"/><circle cx="${x}" cy="${y}" r="10" fill="${W}"/>`;

export const MOTIFS: Record<ExperienceKind, Motif> = {
  walking: (rnd) => {
    const x = jitter(rnd, 820, 120);
    return (
      `<path d="M120 760 C 380 640 ${x - 300} 700 ${x} 470" stroke="${W}" stroke-width="12" stroke-dasharray="4 34" stroke-linecap="round" fill="none" opacity="0.7"/>` +
      `<path d="M${x} 470 C ${x - 40} 410 ${x - 110} 340 ${x - 110} 270 a110 110 0 0 1 220 0 C ${x + 110} 340 ${x + 40} 410 ${x} 470 Z" fill="${W}" opacity="0.85"/>` +
      `<circle cx="${x}" cy="270" r="42" fill="#ef4444"/>`
    );
  },
  bike: (rnd) => {
    const x = jitter(rnd, 800, 120);
    const [rear, front, y] = [x - 170, x + 170, 480];
    return (
      wheel(rear, y, 115) +
      wheel(front, y, 115) +
      `<path d="M${rear} ${y} L${x - 40} 330 L${x + 120} 330 L${front} ${y} M${rear} ${y} L${x} ${y} L${x - 40} 330 M${x} ${y} L${x + 120} 330" stroke="${W}" stroke-width="14" fill="none" stroke-linejoin="round"/>` +
      `<path d="M${x - 90} 305 h90 M${x + 100} 290 l20 40 M${x + 95} 290 h60" stroke="${W}" stroke-width="16" stroke-linecap="round"/>`
    );
  },
  drive: (rnd) => {
    const x = jitter(rnd, 640, 140);
    return (
      `<path d="M${x} 520 V330 a70 70 0 0 1 70 -70 H${x + 290} a60 60 0 0 1 60 60 L${x + 420} 430 V520 Z" fill="${W}" opacity="0.85"/>` +
      `<rect x="${x + 40}" y="300" width="110" height="100" rx="14" fill="#93c5fd"/>` +
      `<rect x="${x + 180}" y="300" width="110" height="100" rx="14" fill="#93c5fd"/>` +
      `<rect x="${x + 395}" y="450" width="30" height="30" rx="6" fill="#fde68a"/>` +
      `<circle cx="${x + 90}" cy="530" r="60" fill="#1f2937"/><circle cx="${x + 90}" cy="530" r="24" fill="${W}"/>` +
      `<circle cx="${x + 330}" cy="530" r="60" fill="#1f2937"/><circle cx="${x + 330}" cy="530" r="24" fill="${W}"/>`
    );
  },
  wildlife: (rnd) => {
    const x = jitter(rnd, 820, 100);
    const toes = [
      [-120, -120],
      [-45, -175],
      [45, -175],
      [120, -120],
    ]
      .map(([dx, dy]) => `<ellipse cx="${x + dx}" cy="${430 + dy}" rx="42" ry="55" fill="${W}" opacity="0.85"/>`)
      .join("");
    return (
      mountains(rnd, 0.15) +
      `<path d="M${x - 140} 470 q0 -120 140 -120 q140 0 140 120 q0 80 -70 80 q-40 0 -70 -25 q-30 25 -70 25 q-70 0 -70 -80 Z" fill="${W}" opacity="0.85"/>` +
      toes
    );
  },
  "food-tour": (rnd) => {
    const x = jitter(rnd, 760, 200);
    return (
      `<circle cx="${x}" cy="430" r="190" fill="${W}" opacity="0.3"/>` +
      `<circle cx="${x}" cy="430" r="130" fill="${W}" opacity="0.35"/>` +
      `<rect x="${x - 280}" y="280" width="16" height="300" rx="8" fill="${W}" opacity="0.6"/>` +
      `<path d="M${x - 300} 280 v80 M${x - 272} 280 v80 M${x - 244} 280 v80" stroke="${W}" stroke-width="8" opacity="0.6"/>` +
      `<path d="M${x + 272} 280 q40 60 0 160 v140" stroke="${W}" stroke-width="16" fill="none" stroke-linecap="round" opacity="0.6"/>` +
      steam(x, 260)
    );
  },
  wine: (rnd) => {
    const x = jitter(rnd, 820, 120);
    return (
      `<path d="M${x - 110} 160 H${x + 110} Q${x + 120} 390 ${x} 410 Q${x - 120} 390 ${x - 110} 160 Z" fill="${W}" opacity="0.45"/>` +
      `<path d="M${x - 113} 260 H${x + 113} Q${x + 105} 390 ${x} 405 Q${x - 105} 390 ${x - 113} 260 Z" fill="#9f1239"/>` +
      `<rect x="${x - 9}" y="405" width="18" height="200" fill="${W}" opacity="0.8"/>` +
      `<ellipse cx="${x}" cy="610" rx="100" ry="22" fill="${W}" opacity="0.8"/>` +
      `<path d="M${x + 230} 610 V330 q0 -50 30 -80 V160 h50 v90 q30 30 30 80 V610 Z" fill="#14532d" opacity="0.8"/>`
    );
  },
  coffee: (rnd) => {
    const x = jitter(rnd, 800, 120);
    return (
      `<ellipse cx="${x}" cy="560" rx="230" ry="40" fill="${W}" opacity="0.6"/>` +
      `<path d="M${x - 150} 320 H${x + 150} V450 a150 110 0 0 1 -300 0 Z" fill="${W}" opacity="0.9"/>` +
      `<path d="M${x + 150} 360 a60 55 0 0 1 0 110" stroke="${W}" stroke-width="22" fill="none" opacity="0.9"/>` +
      `<ellipse cx="${x}" cy="322" rx="140" ry="16" fill="#78350f"/>` +
      steam(x, 280)
    );
  },
  pizza: (rnd) => {
    const x = jitter(rnd, 800, 140);
    const y = 400;
    const pepperoni = [0, 1, 2, 3, 4, 5, 6]
      .map((i) => {
        const angle = (i / 7) * Math.PI * 2 + rnd() * 0.4;
        const r = i % 2 ? 150 : 80;
        return `<circle cx="${round(x + Math.cos(angle) * r)}" cy="${round(y + Math.sin(angle) * r)}" r="30" fill="#b91c1c"/>`;
      })
      .join("");
    const slices = [0, 1, 2]
      .map((i) => {
        const angle = (i / 3) * Math.PI;
        const dx = round(Math.cos(angle) * 215);
        const dy = round(Math.sin(angle) * 215);
        return `<path d="M${x - dx} ${y - dy} L${x + dx} ${y + dy}" stroke="#b45309" stroke-width="6" opacity="0.6"/>`;
      })
      .join("");
    return (
      `<circle cx="${x}" cy="${y}" r="240" fill="#d97706"/>` +
      `<circle cx="${x}" cy="${y}" r="210" fill="#fde68a"/>` +
      pepperoni +
      `<circle cx="${x + 40}" cy="${y - 120}" r="12" fill="#15803d"/><circle cx="${x - 140}" cy="${y + 40}" r="12" fill="#15803d"/>` +
      slices
    );
  },
  baking: (rnd) => {
    const x = jitter(rnd, 820, 120);
    const y = 400;
    const crimp = Array.from({ length: 24 }, (_, i) => {
      const angle = (i / 24) * Math.PI * 2;
      const r = i % 2 ? 215 : 235;
      return `${round(x + Math.cos(angle) * r)},${round(y + Math.sin(angle) * r)}`;
    }).join(" ");
    const spots = [0, 1, 2, 3]
      .map(
        () =>
          `<circle cx="${jitter(rnd, x - 90, 180)}" cy="${jitter(rnd, y - 90, 180)}" r="${jitter(rnd, 20, 18)}" fill="#78350f" opacity="0.75"/>`,
      )
      .join("");
    return (
      `<polygon points="${crimp}" fill="#f59e0b"/>` +
      `<circle cx="${x}" cy="${y}" r="175" fill="#fde047"/>` +
      spots +
      `<rect x="${x - 330}" y="560" width="660" height="44" rx="22" fill="${W}" opacity="0.7"/>`
    );
  },
  paella: (rnd) => {
    const x = jitter(rnd, 800, 120);
    const y = 420;
    const toppings = Array.from({ length: 9 }, (_, i) => {
      const cx = jitter(rnd, x - 200, 400);
      const cy = jitter(rnd, y - 80, 160);
      return i % 3 === 0
        ? `<path d="M${cx - 30} ${cy} a30 30 0 0 1 60 0" stroke="#fb923c" stroke-width="16" fill="none" stroke-linecap="round"/>`
        : `<rect x="${cx}" y="${cy}" width="50" height="14" rx="7" fill="${i % 3 === 1 ? "#dc2626" : "#16a34a"}"/>`;
    }).join("");
    return (
      `<rect x="${x - 400}" y="${y - 20}" width="110" height="40" rx="20" fill="#1f2937"/>` +
      `<rect x="${x + 290}" y="${y - 20}" width="110" height="40" rx="20" fill="#1f2937"/>` +
      `<ellipse cx="${x}" cy="${y}" rx="300" ry="180" fill="#1f2937"/>` +
      `<ellipse cx="${x}" cy="${y}" rx="270" ry="155" fill="#facc15"/>` +
      toppings +
      `<path d="M${x + 60} ${y + 40} l90 0 a90 90 0 0 1 -90 90 Z" fill="#fef08a" stroke="${W}" stroke-width="6"/>`
    );
  },
  painting: (rnd) => {
    const x = jitter(rnd, 780, 160);
    const dots = ["#fca5a5", "#fde68a", "#86efac", "#93c5fd", "#f0abfc"]
      .map((color, i) => {
        const angle = Math.PI * (0.9 + i * 0.28);
        return `<circle cx="${round(x + Math.cos(angle) * 150)}" cy="${round(400 + Math.sin(angle) * 90)}" r="32" fill="${color}"/>`;
      })
      .join("");
    return (
      `<ellipse cx="${x}" cy="400" rx="250" ry="170" fill="${W}" opacity="0.5"/>` +
      `<circle cx="${x + 120}" cy="450" r="40" fill="#000" opacity="0.15"/>` +
      dots +
      `<rect x="${x - 40}" y="120" width="22" height="260" rx="10" fill="${W}" opacity="0.8" transform="rotate(28 ${x - 30} 250)"/>`
    );
  },
  photography: (rnd) => {
    const x = jitter(rnd, 800, 120);
    return (
      mountains(rnd, 0.12) +
      `<rect x="${x - 110}" y="230" width="110" height="60" rx="12" fill="${W}" opacity="0.9"/>` +
      `<rect x="${x - 250}" y="270" width="500" height="320" rx="40" fill="${W}" opacity="0.9"/>` +
      `<circle cx="${x}" cy="430" r="125" fill="#1f2937"/>` +
      `<circle cx="${x}" cy="430" r="80" fill="#475569"/>` +
      `<circle cx="${x - 25}" cy="405" r="22" fill="${W}" opacity="0.6"/>` +
      `<rect x="${x + 150}" y="300" width="60" height="30" rx="8" fill="#fde68a"/>`
    );
  },
  hiking: (rnd) => {
    const peak = jitter(rnd, 750, 250);
    return (
      `<circle cx="${jitter(rnd, 200, 800)}" cy="190" r="80" fill="#fef9c3" opacity="0.8"/>` +
      mountains(rnd, 0.22) +
      `<polygon points="${peak - 70},330 ${peak},250 ${peak + 70},330" fill="${W}" opacity="0.6"/>` +
      `<path d="M${peak - 260} 800 L${peak - 140} 520 L${peak - 20} 560 L${peak + 60} 420" stroke="${W}" stroke-width="8" stroke-dasharray="20 16" fill="none" opacity="0.8"/>`
    );
  },
  zipline: (rnd) => {
    const x = jitter(rnd, 700, 120);
    return (
      mountains(rnd, 0.18) +
      `<path d="M40 150 L1160 520" stroke="${W}" stroke-width="6" opacity="0.9"/>` +
      `<circle cx="${x}" cy="${round(150 + ((x - 40) * 370) / 1120)}" r="16" fill="${W}"/>` +
      `<path d="M${x} ${round(165 + ((x - 40) * 370) / 1120)} v70" stroke="${W}" stroke-width="8"/>` +
      `<circle cx="${x}" cy="${round(270 + ((x - 40) * 370) / 1120)}" r="30" fill="#fde68a"/>` +
      `<rect x="${x - 30}" y="${round(300 + ((x - 40) * 370) / 1120)}" width="60" height="100" rx="24" fill="#ef4444"/>`
    );
  },
  kayak: (rnd) => {
    const x = jitter(rnd, 760, 120);
    return (
      waves(rnd, 600) +
      `<path d="M${x - 360} 520 Q${x} 440 ${x + 360} 520 Q${x} 590 ${x - 360} 520 Z" fill="#f97316"/>` +
      `<ellipse cx="${x}" cy="505" rx="80" ry="22" fill="#1f2937"/>` +
      `<path d="M${x - 220} 360 L${x + 220} 640" stroke="${W}" stroke-width="14" stroke-linecap="round"/>` +
      `<ellipse cx="${x - 235}" cy="350" rx="24" ry="55" fill="#facc15" transform="rotate(-32 ${x - 235} 350)"/>` +
      `<ellipse cx="${x + 235}" cy="650" rx="24" ry="55" fill="#facc15" transform="rotate(-32 ${x + 235} 650)"/>`
    );
  },
  sailing: (rnd) => {
    const x = jitter(rnd, 780, 140);
    return (
      `<circle cx="${jitter(rnd, 300, 200)}" cy="260" r="100" fill="#fde68a" opacity="0.85"/>` +
      `<path d="M${x} 140 V500" stroke="${W}" stroke-width="12"/>` +
      `<polygon points="${x + 10},150 ${x + 10},480 ${x + 250},480" fill="${W}" opacity="0.9"/>` +
      `<polygon points="${x - 10},190 ${x - 10},480 ${x - 190},480" fill="${W}" opacity="0.7"/>` +
      `<path d="M${x - 260} 510 H${x + 300} L${x + 220} 590 H${x - 200} Z" fill="#7c2d12"/>` +
      waves(rnd, 590)
    );
  },
  boat: (rnd) => {
    const x = jitter(rnd, 760, 140);
    const windows = [0, 1, 2, 3, 4]
      .map((i) => `<circle cx="${x - 200 + i * 100}" cy="480" r="18" fill="#0c4a6e"/>`)
      .join("");
    return (
      `<rect x="${x - 120}" y="220" width="60" height="110" fill="#ef4444"/>` +
      `<rect x="${x - 200}" y="320" width="360" height="120" rx="16" fill="${W}" opacity="0.95"/>` +
      `<rect x="${x - 170}" y="350" width="300" height="40" rx="10" fill="#93c5fd"/>` +
      `<path d="M${x - 330} 440 H${x + 340} L${x + 260} 560 H${x - 270} Z" fill="${W}"/>` +
      windows +
      waves(rnd, 560)
    );
  },
  surf: (rnd) => {
    const x = jitter(rnd, 820, 100);
    return (
      `<path d="M0 620 C 300 560 500 300 800 260 C 1000 230 1120 330 1060 420 C 1020 360 940 350 900 400 C 860 450 900 560 1200 600 V800 H0 Z" fill="${W}" opacity="0.35"/>` +
      `<ellipse cx="${x - 200}" cy="520" rx="60" ry="260" fill="#fde047" transform="rotate(-60 ${x - 200} 520)"/>` +
      `<path d="M${x - 420} 640 L${x + 20} 395" stroke="#f97316" stroke-width="10" opacity="0.9"/>` +
      waves(rnd, 650)
    );
  },
  music: (rnd) => {
    const x = jitter(rnd, 800, 120);
    return (
      `<g transform="rotate(-30 ${x} 420)">` +
      `<circle cx="${x}" cy="500" r="150" fill="#b45309"/>` +
      `<circle cx="${x}" cy="330" r="115" fill="#b45309"/>` +
      `<circle cx="${x}" cy="400" r="45" fill="#1f2937"/>` +
      `<rect x="${x - 22}" y="0" width="44" height="330" fill="#78350f"/>` +
      `<rect x="${x - 40}" y="-40" width="80" height="70" rx="12" fill="#78350f"/>` +
      `<path d="M${x - 10} 10 V560 M${x + 10} 10 V560" stroke="${W}" stroke-width="3" opacity="0.8"/>` +
      `</g>` +
      `<path d="M${x + 260} 220 v130 a30 24 0 1 1 -14 -20 V240 l70 -20 v110 a30 24 0 1 1 -14 -20 V200 Z" fill="${W}" opacity="0.8"/>`
    );
  },
  "street-art": (rnd) => {
    const x = jitter(rnd, 820, 100);
    const spray = Array.from(
      { length: 14 },
      () =>
        `<circle cx="${jitter(rnd, x - 420, 240)}" cy="${jitter(rnd, 180, 200)}" r="${jitter(rnd, 6, 18)}" fill="${["#f472b6", "#facc15", "#22d3ee"][jitter(rnd, 0, 2.99) % 3]}"/>`,
    ).join("");
    return (
      `<path d="M80 ${jitter(rnd, 420, 60)} C 250 300 400 520 ${x - 260} 330" stroke="#f472b6" stroke-width="34" fill="none" stroke-linecap="round" opacity="0.85"/>` +
      spray +
      `<rect x="${x - 90}" y="260" width="180" height="340" rx="30" fill="${W}" opacity="0.9"/>` +
      `<rect x="${x - 60}" y="215" width="120" height="55" rx="12" fill="#94a3b8"/>` +
      `<rect x="${x - 20}" y="185" width="40" height="35" rx="6" fill="#1f2937"/>` +
      `<rect x="${x - 90}" y="360" width="180" height="90" fill="#22d3ee"/>`
    );
  },
  landmark: (rnd) => {
    const arches = [0, 1, 2, 3, 4]
      .map((i) => {
        const x = 120 + i * 220;
        const top = jitter(rnd, 380, 40);
        return `<path d="M${x} 800 V${top} a90 90 0 0 1 180 0 V800 Z" fill="${W}" opacity="${(0.18 + (i % 2) * 0.1).toFixed(2)}"/>`;
      })
      .join("");
    const spires = [0, 1, 2, 3]
      .map((i) => {
        const x = 640 + i * 110;
        const top = 110 + (i % 3) * 40;
        return `<path d="M${x} 380 V${top + 80} Q${x + 40} ${top} ${x + 80} ${top + 80} V380 Z" fill="${W}" opacity="0.55"/>`;
      })
      .join("");
    return `${spires}<rect x="0" y="250" width="1200" height="40" fill="${W}" opacity="0.15"/>${arches}`;
  },
};
