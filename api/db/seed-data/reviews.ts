import { createHash } from "node:crypto";
import type { reviews } from "../schema";

/**
 * Demo reviews for the seed catalog: three to seven per experience, mostly four and five stars,
 * from a fixed cast, spread over the last half year. Deterministic (a hash of the experience id),
 * so the seed gives the same rows every time. They carry no booking: shown as not verified.
 */
const AUTHORS = ["Maria S.", "James O.", "Aiko T.", "Lucas M.", "Priya K.", "Tom W.", "Inês C.", "Noah B.", "Chloé D."];
const PRAISE = [
  "Our guide knew every corner and every story. Worth every minute.",
  "Well organised from start to finish; we met on time and never felt rushed.",
  "A highlight of our trip. The group was small and friendly.",
  "Great value and a lovely way to see the place like a local.",
  "Would book again. Clear instructions before and a warm welcome on the day.",
];
const MIXED = [
  "Good experience overall, though the meeting point was a little hard to find.",
  "Enjoyable, but it ran longer than we expected. Bring water.",
];

type ReviewInsert = typeof reviews.$inferInsert;

export function seedReviews(experienceIds: string[], today: Date): ReviewInsert[] {
  const rows: ReviewInsert[] = [];
  for (const experienceId of experienceIds) {
    const digest = createHash("sha256").update(`reviews:${experienceId}`).digest();
    const count = 3 + (digest[0] % 5);
    for (let i = 0; i < count; i++) {
      const byte = digest[(i * 3 + 1) % digest.length];
      const mixed = byte % 7 === 0;
      rows.push({
        experienceId,
        rating: mixed ? 3 + (byte % 2) : 4 + (byte % 3 === 0 ? 0 : 1),
        body: mixed ? MIXED[byte % MIXED.length] : PRAISE[(byte + i) % PRAISE.length],
        authorName: AUTHORS[(byte + i) % AUTHORS.length],
        createdAt: new Date(today.getTime() - (5 + ((byte * (i + 1)) % 180)) * 86_400_000),
      });
    }
  }
  return rows;
}
