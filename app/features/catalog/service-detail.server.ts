import { apiFor, isApiError } from "~/platform/api.server";
import { AVAILABILITY_WINDOW_DAYS } from "~/features/booking/availability";
import { i18next } from "~/platform/i18next.server";
import { idParam, requireParams, routeNotFound } from "~/platform/http.server";

/** The experience and one of its services, for the details, confirm and return pages. */
export async function loadServiceDetail(request: Request, params: Record<string, string | undefined>) {
  const { parentId, serviceId } = await requireParams(request, params, { parentId: idParam, serviceId: idParam });
  const api = apiFor(request);
  try {
    const [detail, experience, t] = await Promise.all([
      api.call("service", { params: { parentId, serviceId } }),
      api.call("experience", { params: { parentId } }),
      i18next.getFixedT(request),
    ]);
    return { ...detail, services: experience.services, appName: t("app.name") };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) throw await routeNotFound(request);
    throw error;
  }
}

/**
 * Open days and time slots for about two months from `from` (default: today where the operator
 * is), nearly the widest window the API answers in one call. The date picker stops at the
 * window's last day.
 */
export async function loadAvailability(request: Request, parentId: string, serviceId: string, from?: string) {
  // Without `from` the API starts at the operator's today, which is within a day of UTC's.
  const start = from ?? new Date().toISOString().slice(0, 10);
  const span = from ? AVAILABILITY_WINDOW_DAYS - 1 : AVAILABILITY_WINDOW_DAYS - 3;
  const to = new Date(Date.parse(`${start}T00:00:00Z`) + span * 86_400_000).toISOString().slice(0, 10);
  const data = await apiFor(request).call("availability", { params: { parentId, serviceId }, query: { from, to } });
  const lastDay = data.days.at(-1)?.date ?? null;
  return { ...data, maxDate: data.maxDate && lastDay && data.maxDate > lastDay ? lastDay : data.maxDate };
}
