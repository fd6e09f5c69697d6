/** The reviews page asked for in the address (`?reviews=2`); 1 when absent or not a page number. */
export function reviewPageParam(query: URLSearchParams): number {
  const raw = query.get("reviews");
  return raw && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
}
