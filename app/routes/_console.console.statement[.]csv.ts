import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders } from "~contract/csv";
import { statementCsv, statementCsvFilename } from "~contract/payouts/money-outputs";
import { requireUnlistedConsoleAbility } from "~/features/console/console.server";
import { isApiError } from "~/platform/api.server";

/**
 * GET /console/statement.csv?month=YYYY-MM: the monthly statement as a CSV download, through the
 * typed client (operatorMoneyStatement) and written by the contract's statementCsv, the function
 * the API's own CSV uses: the page's table and the file say the same (a guide: the 404 page).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, me } = await requireUnlistedConsoleAbility(request, "readPayouts");
  const month = new URL(request.url).searchParams.get("month") || undefined;
  try {
    const statement = await api.call("operatorMoneyStatement", { query: { month } });
    return new Response(statementCsv(statement), {
      headers: csvHeaders(statementCsvFilename(me.account.slug, statement.month)),
    });
  } catch (error) {
    if (!isApiError(error, "validation_error")) throw error;
    return new Response("Give a month as YYYY-MM.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
