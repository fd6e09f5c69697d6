import type { LoaderFunctionArgs } from "@remix-run/node";
import { manifestCsv, manifestCsvFilename } from "~contract/operator/manifest";
import { requireConsoleAbility } from "~/features/console/console.server";
import { csvDownload } from "~/features/console/csv-download.server";

/**
 * GET /console/manifest.csv?date=: the day manifest as a CSV download. The API is asked through
 * the typed client (operatorManifest, the caller's own rights: a guide gets their departures) and
 * its answer written by the contract's manifestCsv, the function the API's own CSV answer uses:
 * the same rows, the same quoting.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, me } = await requireConsoleAbility(request, "runDay");
  return csvDownload(async () => {
    const date = new URL(request.url).searchParams.get("date") || undefined;
    const manifest = await api.call("operatorManifest", { query: { date } });
    return { csv: manifestCsv(manifest), filename: manifestCsvFilename(me.account.slug, manifest.date) };
  }, "Give a date as YYYY-MM-DD that exists.");
}
