import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DEPARTURE_SCHEMAS } from "~/features/console/console-forms.server";
import { experienceParams, requireExperiencePage } from "~/features/console/console.server";
import { departuresQuery } from "~/features/console/departure-range";
import { NOTICES, type DeparturesPageData } from "~/features/console/departures/departures-data";
import { DeparturesPage } from "~/features/console/departures/departures-page";
import { loadDepartures } from "~/features/console/departures.server";
import { intentAction } from "~/features/console/intent-action.server";
import { orNone } from "~/platform/api-errors.server";
import { getZodConstraint } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { passHeaders } from "~/platform/http.server";
import { redirect } from "~/platform/redirect.server";
import { pageMeta } from "~/ui/meta";

export async function loader({ request, params }: LoaderFunctionArgs) {
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
export const headers = passHeaders;

export const action = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "manageCatalog",
    params: experienceParams,
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
      return { answer: redirect(`${page}?${query}#departure-${value.departureId}`) };
    },
  });

export default DeparturesPage;
