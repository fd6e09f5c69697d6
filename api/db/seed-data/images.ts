import { escapeMarkup } from "~contract/text";
import { CATEGORIES, CITIES } from "./places";
import { createRandom } from "./random";
import type { CategorySlug, SeedAccount, SeedExperience } from "./types";

/** Small generated SVG artwork for the seed catalog; nothing is fetched. */
export interface SeedImageFile {
  /** Path under public/, e.g. "images/seed/lisbon-sunset-sail.svg". */
  relativePath: string;
  content: string;
}

const WIDTH = 1200;
const HEIGHT = 800;

export function experienceImageUrls(id: string): string[] {
  return [`/images/seed/${id}.svg`, `/images/seed/${id}-2.svg`];
}

export function logoUrl(slug: string): string {
  return `/images/logos/${slug}.svg`;
}

function hashSeed(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const round = (n: number) => Math.round(n);

/** Simple shapes that hint at the category. */
const MOTIFS: Record<CategorySlug, (rnd: () => number) => string> = {
  water: (rnd) => {
    const sunX = round(700 + rnd() * 300);
    const waves = [430, 510, 590]
      .map((y, i) => {
        const a = round(20 + rnd() * 25);
        return `<path d="M0 ${y} Q150 ${y - a} 300 ${y} T600 ${y} T900 ${y} T1200 ${y} V800 H0 Z" fill="#fff" opacity="${0.12 + i * 0.1}"/>`;
      })
      .join("");
    return `<circle cx="${sunX}" cy="300" r="110" fill="#fde68a" opacity="0.85"/>${waves}`;
  },
  outdoors: (rnd) => {
    const peak1 = round(300 + rnd() * 200);
    const peak2 = round(750 + rnd() * 250);
    return (
      `<circle cx="${round(200 + rnd() * 800)}" cy="190" r="80" fill="#fef9c3" opacity="0.8"/>` +
      `<polygon points="-50,800 ${peak1},${round(260 + rnd() * 80)} ${peak1 + 520},800" fill="#fff" opacity="0.22"/>` +
      `<polygon points="350,800 ${peak2},${round(200 + rnd() * 80)} 1300,800" fill="#fff" opacity="0.32"/>` +
      `<polygon points="${peak2 - 70},${round(330)} ${peak2},270 ${peak2 + 70},330" fill="#fff" opacity="0.5"/>`
    );
  },
  tours: (rnd) => {
    let x = 0;
    let buildings = "";
    while (x < WIDTH) {
      const w = round(60 + rnd() * 90);
      const h = round(150 + rnd() * 330);
      buildings += `<rect x="${x}" y="${HEIGHT - h}" width="${w - 8}" height="${h}" fill="#fff" opacity="${(0.15 + rnd() * 0.2).toFixed(2)}"/>`;
      x += w;
    }
    return `<circle cx="${round(150 + rnd() * 900)}" cy="170" r="70" fill="#fff" opacity="0.35"/>${buildings}`;
  },
  "food-drink": (rnd) => {
    const cx = round(760 + rnd() * 200);
    const steam = [0, 1, 2]
      .map((i) => {
        const x = cx - 60 + i * 60;
        return `<path d="M${x} 250 q-25 -40 0 -80 q25 -40 0 -80" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.45"/>`;
      })
      .join("");
    return (
      `<circle cx="${cx}" cy="430" r="190" fill="#fff" opacity="0.25"/>` +
      `<circle cx="${cx}" cy="430" r="130" fill="#fff" opacity="0.3"/>` +
      `<rect x="${cx - 280}" y="280" width="16" height="300" rx="8" fill="#fff" opacity="0.4"/>` +
      `<rect x="${cx + 264}" y="280" width="16" height="300" rx="8" fill="#fff" opacity="0.4"/>` +
      steam
    );
  },
  classes: (rnd) => {
    const cx = round(780 + rnd() * 160);
    const dots = ["#fca5a5", "#fde68a", "#86efac", "#93c5fd", "#f0abfc"]
      .map((color, i) => {
        const angle = Math.PI * (0.9 + i * 0.28);
        return `<circle cx="${round(cx + Math.cos(angle) * 150)}" cy="${round(400 + Math.sin(angle) * 90)}" r="32" fill="${color}"/>`;
      })
      .join("");
    return (
      `<ellipse cx="${cx}" cy="400" rx="250" ry="170" fill="#fff" opacity="0.35"/>` +
      `<circle cx="${cx + 120}" cy="450" r="40" fill="#000" opacity="0.12"/>` +
      dots +
      `<rect x="${cx - 40}" y="120" width="22" height="260" rx="10" fill="#fff" opacity="0.6" transform="rotate(28 ${cx - 30} 250)"/>`
    );
  },
  culture: (rnd) => {
    const arches = [0, 1, 2, 3, 4]
      .map((i) => {
        const x = 120 + i * 220;
        const top = round(330 + rnd() * 40);
        return `<path d="M${x} 800 V${top} a90 90 0 0 1 180 0 V800 Z" fill="#fff" opacity="${(0.18 + (i % 2) * 0.1).toFixed(2)}"/>`;
      })
      .join("");
    return `<rect x="0" y="250" width="${WIDTH}" height="40" fill="#fff" opacity="0.2"/>${arches}`;
  },
};

export function experienceSvg(experience: SeedExperience, variant: 1 | 2): string {
  const category = CATEGORIES[experience.category];
  const city = CITIES[experience.city].name;
  const rnd = createRandom(hashSeed(`${experience.id}:${variant}`));
  const [from, to] = variant === 1 ? category.colors : [category.colors[1], category.colors[0]];
  const motif = MOTIFS[experience.category](rnd);
  const art = variant === 1 ? motif : `<g transform="translate(${WIDTH} 0) scale(-1 1)">${motif}</g>`;
  const lines = variant === 1 ? wrap(experience.title, 26) : [city];
  const fontSize = variant === 1 ? 60 : 72;
  const firstBaseline = HEIGHT - 90 - (lines.length - 1) * (fontSize + 10) - (variant === 1 ? 50 : 0);
  const text = lines
    .map(
      (line, i) =>
        `<text x="70" y="${firstBaseline + i * (fontSize + 10)}" font-size="${fontSize}" font-weight="700">${escapeMarkup(line)}</text>`,
    )
    .join("");
  const caption =
    variant === 1
      ? `<text x="70" y="${HEIGHT - 70}" font-size="32" opacity="0.9">${escapeMarkup(`${city} · ${category.name}`)}</text>`
      : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeMarkup(experience.title)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${art}<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>` +
    `<g fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">${text}${caption}</g></svg>\n`
  );
}

/**
 * The wordmark is as wide as the name needs: its text is drawn in whatever font the browser has,
 * so the width allows a wide bold one (0.72 em a character); a fixed 320 cut "Acme Adventures".
 */
export function logoSvg(account: SeedAccount): string {
  const monogramSize = account.monogram.length > 1 ? 26 : 34;
  const width = Math.max(320, 88 + Math.ceil(account.name.length * 24 * 0.72) + 12);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="80" viewBox="0 0 ${width} 80" role="img" aria-label="${escapeMarkup(account.name)}">` +
    `<rect x="8" y="8" width="64" height="64" rx="16" fill="${account.primaryColor}"/>` +
    `<circle cx="60" cy="20" r="7" fill="${account.accentColor}"/>` +
    `<text x="40" y="52" text-anchor="middle" font-size="${monogramSize}" font-weight="800" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">${escapeMarkup(account.monogram)}</text>` +
    `<text x="88" y="50" font-size="24" font-weight="700" fill="${account.inkColor}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">${escapeMarkup(account.name)}</text>` +
    `</svg>\n`
  );
}

export function seedImageFiles(accounts: SeedAccount[], experiences: SeedExperience[]): SeedImageFile[] {
  const files: SeedImageFile[] = accounts.map((account) => ({
    relativePath: logoUrl(account.slug).slice(1),
    content: logoSvg(account),
  }));
  for (const experience of experiences) {
    const [first, second] = experienceImageUrls(experience.id);
    files.push({ relativePath: first.slice(1), content: experienceSvg(experience, 1) });
    files.push({ relativePath: second.slice(1), content: experienceSvg(experience, 2) });
  }
  return files;
}
