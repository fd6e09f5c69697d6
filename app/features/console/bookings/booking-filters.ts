/** The bookings list's filters, as the page's GET form and URL name them (the API's query names). */
export const BOOKING_FILTER_NAMES = ["q", "from", "to", "status", "channel", "payment", "sort"] as const;
export type BookingFilters = Record<(typeof BOOKING_FILTER_NAMES)[number], string>;

/** The list's URL with these filters (empty ones left out) and, for a next page, its cursor. */
export function bookingsHref(path: string, filters: BookingFilters, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
