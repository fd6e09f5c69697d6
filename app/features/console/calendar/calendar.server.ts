import type { LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import type { OperatorCalendar } from "~contract/operator/week";
import { requireConsole } from "~/features/console/console.server";
import { i18next } from "~/platform/i18next.server";

/**
 * /console/calendar?from=&view=: the week or month holding `from` across experiences (every
 * member; a guide: their own departures). A date or view the API cannot read shows this week
 * instead, and says so, never a 500.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [{ api }, t] = await Promise.all([requireConsole(request), i18next.getFixedT(request)]);
  const url = new URL(request.url);
  const query = {
    from: url.searchParams.get("from") || undefined,
    view: url.searchParams.get("view") || undefined,
  };
  let calendar: OperatorCalendar;
  let refused = false;
  try {
    calendar = await api.call("operatorCalendar", { query });
  } catch (error) {
    if (!isApiError(error, "validation_error")) throw error;
    refused = true;
    calendar = await api.call("operatorCalendar", { query: {} });
  }
  return { calendar, refused, title: t("desk.calendar.title") };
}
