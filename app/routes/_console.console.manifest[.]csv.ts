import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders } from "~contract/csv";
import { isApiError } from "~/platform/api.server";
import { manifestCsv, manifestCsvFilename } from "~contract/operator/manifest";
import { requireConsoleAbility } from "~/features/console/console.server";

/**
 * GET /console/manifest.csv?date=: the day manifest as a CSV download. The API is asked through
 * the typed client (operatorManifest, the caller's own rights: a guide gets their departures) and
 * its answer written by the contract's manifestCsv, the function the API's own CSV answer uses:
 * the same rows, the same quoting.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, me } = await requireConsoleAbility(request, "runDay");
  const date = new URL(request.url).searchParams.get("date") || undefined;
  let manifest;
  try {
    manifest = await api.call("operatorManifest", { query: { date } });
  } catch (error) {
    if (isApiError(error, "validation_error"))
      return new Response("Give a date as YYYY-MM-DD that exists.", {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    throw error;
  }
  return new Response(manifestCsv(manifest), {
    headers: csvHeaders(manifestCsvFilename(me.account.slug, manifest.date)),
  });
}
