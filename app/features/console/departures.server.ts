import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import { departureListQuery, MAX_DEPARTURE_DAYS } from "~contract/operator/schedules";
import { orNotFound, orNone } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { getZodConstraint } from "~/platform/form.server";
import { routeNotFound } from "~/platform/http.server";
import { DEPARTURE_SCHEMAS } from "./console-forms.server";
import { requireExperiencePage, type ConsoleCaller } from "./console.server";
import { departuresQuery, type DepartureRange } from "./departure-range";
import { NOTICES, type DeparturesPageData } from "./departures/departures-data";
import { catalogAction } from "./intent-action.server";

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

export async function loadDeparturesPage({ request, params }: LoaderFunctionArgs) {
  const { experienceId, api, t } = await requireExperiencePage(request, params);
  const url = new URL(request.url);
  const cancelId = url.searchParams.get("cancel");
  const [{ list, range, invalidRange, maxDays }, cancel, team] = await Promise.all([
    loadDepartures(request, api, experienceId, url.searchParams),
    cancelId ? orNone(api.call("operatorGetDeparture", { params: { departureId: cancelId } })) : null,
    api.call("operatorListGuides"),
  ]);
  const page: DeparturesPageData = {
    list,
    range,
    invalidRange,
    maxDays,
    // The cancel step: only a departure of this experience, not cancelled yet.
    cancel:
      cancel && cancel.experience.id === list.experience.id && cancel.departure.status !== "cancelled"
        ? cancel.departure
        : null,
    notice: url.searchParams.get("done"),
    // Who may lead a departure: any member of the team.
    guides: team.guides,
    capacityConstraint: getZodConstraint(DEPARTURE_SCHEMAS.capacity),
    title: t("schedules.departuresTitle", { title: list.experience.title }),
  };
  return page;
}

export const departuresAction = (args: ActionFunctionArgs) =>
  catalogAction(args, {
    forms: DEPARTURE_SCHEMAS,
    row: () => "departureId",
    // Fewer seats than are taken: the capacity field says how many are.
    refusal(error, submission, { formId }) {
      const taken = (error as { details?: { taken?: number } }).details?.taken;
      if (typeof taken !== "number") return null;
      const reply = submission.reply({ fieldErrors: { capacity: [`schedules.capacityBelowTaken:${taken}`] } });
      return formResult(reply, { intent: formId, status: 409 });
    },
    async run(value, { api, request, params }) {
      const departureId = { departureId: value.departureId };
      if (value.intent === "capacity")
        await api.call("operatorUpdateDeparture", { params: departureId, body: { capacity: value.capacity } });
      else if (value.intent === "status")
        await api.call("operatorUpdateDeparture", { params: departureId, body: { status: value.status } });
      else if (value.intent === "keep")
        await api.call("operatorUpdateDeparture", { params: departureId, body: { keep: true } });
      else if (value.intent === "guide")
        await api.call("operatorUpdateDeparture", {
          params: departureId,
          body: { guideUserId: value.guideUserId ? value.guideUserId : null },
        });
      else await api.call("operatorCancelDeparture", { params: departureId });
      // Back to the same service and dates (the page's address, as read again by its loader).
      const asked = new URL(request.url).searchParams;
      const range = { service: asked.get("service") ?? "", from: asked.get("from") ?? "", to: asked.get("to") ?? "" };
      const query = departuresQuery(range, { done: NOTICES[value.intent] });
      const page = `/console/experiences/${encodeURIComponent(params.experienceId)}/departures`;
      return { to: `${page}?${query}#departure-${value.departureId}` };
    },
  });
