import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders } from "~contract/csv";
import { isApiError } from "~/platform/api.server";
import { reportCsv, reportCsvFilename } from "~contract/operator/reports";
import { requireConsoleAbility } from "~/features/console/console.server";

/**
 * GET /console/reports.csv?from=&to=: the report as a CSV download, through the typed client
 * (operatorReport) and written by the contract's reportCsv, the function the API's own CSV uses.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, me } = await requireConsoleAbility(request, "readReports");
  const url = new URL(request.url);
  const query = { from: url.searchParams.get("from") || undefined, to: url.searchParams.get("to") || undefined };
  try {
    const report = await api.call("operatorReport", { query });
    return new Response(reportCsv(report), { headers: csvHeaders(reportCsvFilename(me.account.slug, report)) });
  } catch (error) {
    if (!isApiError(error, "validation_error")) throw error;
    return new Response("Give a range of dates (YYYY-MM-DD) that exist, at most 366 days.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
