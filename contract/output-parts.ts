import { z } from "zod";

export const isoTime = z.string().datetime({ offset: true });

export const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const minor = z.number().int();

export const count = z.number().int().min(0);

/** What a traveller is shown of a booking: WF-XXXX-XXXX (api/bookings/view.ts makes it), never the bk_ id. */
export const bookingReference = z.string().regex(/^WF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

export const paging = {
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: count,
  totalPages: count,
};

/** A departure's own fields as the console lists it: instants in UTC, shown in `timezone` (the experience's IANA zone). */
export const departureFields = {
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  timezone: z.string(),
  capacity: z.number().int(),
};
