import { escapeMarkup } from "~contract/text";
import { CATEGORIES, CITIES } from "./places";
import { createRandom } from "./random";
import { MOTIFS } from "./motifs";
import type { SeedAccount, SeedExperience } from "./types";

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

export function experienceSvg(experience: SeedExperience, variant: 1 | 2): string {
  const category = CATEGORIES[experience.category];
  const city = CITIES[experience.city].name;
  const rnd = createRandom(hashSeed(`${experience.id}:${variant}`));
  const [from, to] = variant === 1 ? category.colors : [category.colors[1], category.colors[0]];
  const motif = `<g data-motif="${experience.kind}">${MOTIFS[experience.kind](rnd)}</g>`;
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
