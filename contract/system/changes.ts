/**
 * What the web keeps of the API's answers, by topic. A read declares the topics its answer depends
 * on (`dependsOn`); a write declares the topics it changes (`changes`). The API names what a
 * successful write changed in the CHANGED_HEADER of its answer and announces it to every process
 * (api/changes/); the web drops exactly the kept answers and pages that depend on it.
 *
 * - `catalog`: what an experience shows besides its seats (content, prices, ratings, reviews).
 * - `seats`: what is left to book (availability, the seats-left on cards and details pages).
 * - `user`: a signed-in user's own facts that the web keeps (who they are, their referral).
 */
export const CHANGE_TOPICS = ["catalog", "seats", "user"] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** On a write's answer: the topics it changed, comma-separated (absent when it changed nothing). */
export const CHANGED_HEADER = "X-Wayfarer-Changed";

/** `"seats, catalog"` → `["seats", "catalog"]`; unknown names are left out. */
export function parseChangedTopics(value: string | null | undefined): ChangeTopic[] {
  if (!value) return [];
  const topics = value.split(",").map((part) => part.trim());
  return CHANGE_TOPICS.filter((topic) => topics.includes(topic));
}
