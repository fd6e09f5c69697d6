import { apiFor, ApiError } from "~/lib/api.server";
import { AVAILABILITY_WINDOW_DAYS, type Availability } from "~/lib/availability";
import type { Experience, ServiceDetail } from "~/lib/catalog";
import { i18next } from "~/i18next.server";
import { idParam, requireParams, routeNotFound } from "~/lib/http.server";

/** The experience and one of its services, for the details, confirm and return pages. */
export async function loadServiceDetail(request: Request, params: Record<string, string | undefined>) {
  const { parentId, serviceId } = await requireParams(request, params, { parentId: idParam, serviceId: idParam });
  const api = apiFor(request);
  try {
    const [detail, experience] = await Promise.all([
      api.get<{ data: ServiceDetail }>(`/v1/experiences/${parentId}/services/${serviceId}`),
      api.get<{ data: Experience }>(`/v1/experiences/${parentId}`),
    ]);
    const t = await i18next.getFixedT(request);
    return { ...detail.data, services: experience.data.services, appName: t("app.name") };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw await routeNotFound(request);
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
  const { data } = await apiFor(request).get<{ data: Availability }>(
    `/v1/experiences/${parentId}/services/${serviceId}/availability`,
    { query: { from, to } },
  );
  const lastDay = data.days.at(-1)?.date ?? null;
  return { ...data, maxDate: data.maxDate && lastDay && data.maxDate > lastDay ? lastDay : data.maxDate };
}
