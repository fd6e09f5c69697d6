import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportCsv, reportCsvFilename } from "~contract/operator/reports";
import { requireConsoleAbility } from "~/features/console/console.server";
import { csvDownload } from "~/features/console/csv-download.server";

/**
 * GET /console/reports.csv?from=&to=: the report as a CSV download, through the typed client
 * (operatorReport) and written by the contract's reportCsv, the function the API's own CSV uses.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, me } = await requireConsoleAbility(request, "readReports");
  const url = new URL(request.url);
  const query = { from: url.searchParams.get("from") || undefined, to: url.searchParams.get("to") || undefined };
  return csvDownload(async () => {
    const report = await api.call("operatorReport", { query });
    return { csv: reportCsv(report), filename: reportCsvFilename(me.account.slug, report) };
  }, "Give a range of dates (YYYY-MM-DD) that exist, at most 366 days.");
}
