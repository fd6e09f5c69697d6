import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { orNotFound } from "~/platform/api-errors.server";
import { getZodConstraint } from "~/platform/form.server";
import { SCHEDULE_SCHEMAS, splitList } from "./console-forms.server";
import { requireExperiencePage } from "./console.server";
import { catalogAction } from "./intent-action.server";
import type { SchedulePageData } from "./schedule/schedule-data";

const count = (value: string | null) => (value && /^\d{1,5}$/.test(value) ? Number(value) : null);

export async function loadSchedulePage({ request, params }: LoaderFunctionArgs) {
  const { experienceId, api, t } = await requireExperiencePage(request, params);
  const url = new URL(request.url);
  const schedule = await orNotFound(
    request,
    api.call("operatorGetSchedule", {
      params: { experienceId },
      query: { service: url.searchParams.get("service") ?? undefined },
    }),
  );
  const done = ["created", "removed", "kept"].map((name) => count(url.searchParams.get(name)));
  const outcome = done.every((value) => value !== null)
    ? { created: done[0]!, removed: done[1]!, kept: done[2]! }
    : null;
  const page: SchedulePageData = {
    schedule,
    outcome,
    constraints: {
      schedule: getZodConstraint(SCHEDULE_SCHEMAS.schedule),
      oneOff: getZodConstraint(SCHEDULE_SCHEMAS.oneOff),
    },
    title: t("schedules.scheduleTitle", { title: schedule.experience.title }),
  };
  return page;
}

/** The schedule form (the whole schedule of one service) or the one-off departure form. */
export const scheduleAction = (args: ActionFunctionArgs) =>
  catalogAction(args, {
    forms: SCHEDULE_SCHEMAS,
    shown: {
      codes: { departure_exists: { field: "time", key: "apiErrors.departure_exists" } },
      fields: { date: "schedules.dateInvalid", blackouts: "schedules.blackoutsInvalid" },
    },
    async run(value, { api, params }) {
      const page = `/console/experiences/${encodeURIComponent(params.experienceId)}`;
      if (value.intent === "schedule") {
        const rules = value.rules
          .filter((rule) => !rule.remove && (rule.weekdays?.length || rule.times?.trim()))
          .map((rule) => ({
            weekdays: rule.weekdays ?? [],
            startTimes: splitList(rule.times),
            validFrom: rule.from!,
            validUntil: rule.until || null,
          }));
        const done = await api.call("operatorSetSchedule", {
          params: { serviceId: value.serviceId },
          body: {
            salesCutoffMinutes: value.salesCutoffMinutes,
            rules,
            blackouts: splitList(value.blackouts).map((date) => ({ date, reason: "" })),
          },
        });
        const query = new URLSearchParams({
          service: value.serviceId,
          created: String(done.created),
          removed: String(done.removed),
          kept: String(done.kept),
        });
        return { to: `${page}/schedule?${query}` };
      }
      const made = await api.call("operatorCreateDeparture", {
        params: { serviceId: value.serviceId },
        body: { date: value.date, time: value.time, ...(value.capacity ? { capacity: value.capacity } : {}) },
      });
      return { to: `${page}/departures?${new URLSearchParams({ service: value.serviceId, added: made.id })}` };
    },
  });
