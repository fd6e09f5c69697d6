import type { LoaderFunctionArgs } from "@remix-run/node";
import { resellerStatementCsv, resellerStatementFilename } from "~contract/operator/reseller-statement";
import { requireConsoleAbility } from "~/features/console/console.server";
import { csvDownload } from "~/features/console/csv-download.server";
import { isApiError } from "~/platform/api.server";
import { idParam, requireParams, routeNotFound } from "~/platform/http.server";

/**
 * GET /console/resellers/{resellerId}/statement.csv?month=YYYY-MM: a reseller's monthly statement
 * as a CSV download (the row's plain GET form), through the typed client
 * (operatorResellerStatement) and written by the contract's resellerStatementCsv. Owner, manager
 * (a guide: the console's refusal, as the resellers page); another operator's reseller: the 404 page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const [{ resellerId }, { api }] = await Promise.all([
    requireParams(request, params, { resellerId: idParam }),
    requireConsoleAbility(request, "manageResellers"),
  ]);
  const month = new URL(request.url).searchParams.get("month") ?? "";
  return csvDownload(async () => {
    const statement = await api
      .call("operatorResellerStatement", { params: { resellerId }, query: { month } })
      .catch(async (error: unknown) => {
        throw isApiError(error, "reseller_not_found") ? await routeNotFound(request) : error;
      });
    return { csv: resellerStatementCsv(statement), filename: resellerStatementFilename(statement) };
  }, "Give a month as YYYY-MM.");
}
