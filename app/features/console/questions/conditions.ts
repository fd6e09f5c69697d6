/** When a question is shown, as the console's form chooses it (plain: the page loads it before its form rules). */
export const CONDITIONS = ["always", "answer", "ticket"] as const;
