/** mulberry32: a small, fast, seeded PRNG so every seed run draws the same numbers. */
export function createRandom(seedValue: number): () => number {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over a string: a stable 32-bit hash used for short deterministic ids. */
function fnv1a(input: string, basis: number): number {
  let hash = basis >>> 0;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A short URL-safe id derived from `input`, e.g. "sv-3kf9a0c1x2". */
export function stableId(prefix: string, input: string): string {
  const a = fnv1a(input, 0x811c9dc5).toString(36).padStart(7, "0");
  const b = fnv1a(input, 0x050c5d1f).toString(36).padStart(7, "0").slice(0, 3);
  return `${prefix}-${a}${b}`;
}
