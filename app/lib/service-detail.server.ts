import { apiFor, ApiError } from "~/lib/api.server";
import type { Availability } from "~/lib/availability";
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

/** Open days and time slots for the next six weeks (the date picker's window). */
export async function loadAvailability(request: Request, parentId: string, serviceId: string, from?: string) {
  const { data } = await apiFor(request).get<{ data: Availability }>(
    `/v1/experiences/${parentId}/services/${serviceId}/availability`,
    { query: { from } },
  );
  return data;
}
