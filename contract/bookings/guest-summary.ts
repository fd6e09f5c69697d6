/** A booking's guests by ticket type in words: "2 Adults, 1 Child" (English plurals of the types' names). */
export function guestSummary(tickets: ReadonlyArray<{ name: string; quantity: number }>): string {
  return tickets
    .filter((ticket) => ticket.quantity > 0)
    .map((ticket) => `${ticket.quantity} ${ticket.quantity === 1 ? ticket.name : plural(ticket.name)}`)
    .join(", ");
}

const IRREGULAR: Record<string, string> = { child: "children", person: "people", man: "men", woman: "women" };

/**
 * "Adult" → "Adults", "Child" → "Children", "Family pass" → "Family passes": the last word, before
 * any "(…)": "Child (5–12)" → "Children (5–12)".
 */
export function plural(name: string): string {
  const match = /^(.*?)(\p{L}+)(\s*\(.*\))?$/u.exec(name);
  if (!match) return name;
  const [, head, word, tail = ""] = match;
  const lower = word.toLowerCase();
  let result: string;
  if (IRREGULAR[lower]) result = IRREGULAR[lower];
  else if (/(s|x|z|ch|sh)$/.test(lower)) result = `${word}es`;
  else if (/[^aeiou]y$/.test(lower)) result = `${word.slice(0, -1)}ies`;
  else result = `${word}s`;
  // Keep the word's capital: "Child" → "Children".
  if (IRREGULAR[lower] && word[0] === word[0].toUpperCase()) result = result[0].toUpperCase() + result.slice(1);
  return head + result + tail;
}
