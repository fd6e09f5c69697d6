import { isApiError } from "~contract/errors";
import { departureListQuery, MAX_DEPARTURE_DAYS } from "~contract/schedules";
import { orNotFound } from "~/platform/api-errors.server";
import { routeNotFound } from "~/platform/http.server";
import type { ConsoleCaller } from "./console.server";
import type { DepartureRange } from "./departure-range";

const first = (params: URLSearchParams, name: string) => params.get(name) ?? undefined;

/**
 * An experience's departures for the range the address asks (the API's own query rules). A
 * service that is not one is the 404 page, as an unknown one; dates that cannot be a range (one
 * that does not exist, the end before the start, more days than a listing holds) give the default
 * window instead, and `invalidRange` says so. `maxDays`: the most one range may hold.
 */
export async function loadDepartures(
  request: Request,
  api: ConsoleCaller["api"],
  experienceId: string,
  params: URLSearchParams,
) {
  const maxDays = MAX_DEPARTURE_DAYS;
  const asked = { service: first(params, "service"), from: first(params, "from"), to: first(params, "to") };
  const parsed = departureListQuery.safeParse(asked);
  if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === "service"))
    throw await routeNotFound(request);
  const list = (query: DepartureRange) =>
    api.call("operatorListDepartures", { params: { experienceId }, query: { ...query } });
  if (parsed.success) {
    try {
      return { list: await list(parsed.data), range: parsed.data as DepartureRange, invalidRange: false, maxDays };
    } catch (error) {
      // Not this operator's experience or service: the 404 page, as for an unknown one.
      if (isApiError(error) && error.status === 404) throw await routeNotFound(request);
      if (!isApiError(error, "validation_error")) throw error;
    }
  }
  const fallback: DepartureRange = { service: asked.service };
  return { list: await orNotFound(request, list(fallback)), range: fallback, invalidRange: true, maxDays };
}
