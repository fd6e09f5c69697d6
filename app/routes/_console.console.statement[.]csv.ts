import type { LoaderFunctionArgs } from "@remix-run/node";
import { statementCsv, statementCsvFilename } from "~contract/payouts/money-outputs";
import { requireUnlistedConsoleAbility } from "~/features/console/console.server";
import { csvDownload } from "~/features/console/csv-download.server";

/**
 * GET /console/statement.csv?month=YYYY-MM: the monthly statement as a CSV download, through the
 * typed client (operatorMoneyStatement) and written by the contract's statementCsv, the function
 * the API's own CSV uses: the page's table and the file say the same (a guide: the 404 page).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, me } = await requireUnlistedConsoleAbility(request, "readPayouts");
  const month = new URL(request.url).searchParams.get("month") || undefined;
  return csvDownload(async () => {
    const statement = await api.call("operatorMoneyStatement", { query: { month } });
    return { csv: statementCsv(statement), filename: statementCsvFilename(me.account.slug, statement.month) };
  }, "Give a month as YYYY-MM.");
}
