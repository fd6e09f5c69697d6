import { apiFor } from "~/platform/api.server";
import { orNotFound } from "~/platform/api-errors.server";
import { AVAILABILITY_WINDOW_DAYS } from "~/features/booking/availability";
import { addDays, isCalendarDate } from "~/features/booking/date-picker/dates";
import { idParam, requireParams } from "~/platform/http.server";

/** The experience and one of its services, for the details, confirm and return pages. */
export async function loadServiceDetail(request: Request, params: Record<string, string | undefined>) {
  const { parentId, serviceId } = await requireParams(request, params, { parentId: idParam, serviceId: idParam });
  const api = apiFor(request);
  const [detail, experience] = await Promise.all([
    orNotFound(request, api.call("service", { params: { parentId, serviceId } })),
    orNotFound(request, api.call("experience", { params: { parentId } })),
  ]);
  return { ...detail, services: experience.services };
}

/** The last day a window can start on and still end on a day the API can read (YYYY-MM-DD, year ≤ 9999). */
const LAST_WINDOW_START = "9999-10-01";

/**
 * Open days and time slots for about two months from `from` (default: today where the operator
 * is), nearly the widest window the API answers in one call. The date picker stops at the
 * window's last day. A `from` from the address that is no calendar day, or too far off for a
 * window to end on a day (9999-12-31), counts as none.
 */
export async function loadAvailability(request: Request, parentId: string, serviceId: string, from?: string) {
  const start = from && isCalendarDate(from) && from <= LAST_WINDOW_START ? from : undefined;
  // Without `from` the API starts at the operator's today, which is within a day of UTC's.
  const first = start ?? new Date().toISOString().slice(0, 10);
  const span = start ? AVAILABILITY_WINDOW_DAYS - 1 : AVAILABILITY_WINDOW_DAYS - 3;
  const to = addDays(first, span);
  const data = await apiFor(request).call("availability", {
    params: { parentId, serviceId },
    query: { from: start, to },
  });
  const lastDay = data.days.at(-1)?.date ?? null;
  return { ...data, maxDate: data.maxDate && lastDay && data.maxDate > lastDay ? lastDay : data.maxDate };
}
