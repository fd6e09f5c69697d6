import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireConsolePage } from "~/features/console/console.server";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";

/** A page of the operator's experiences, drafts included (a page number the API cannot read is the 404 page). */
export async function loadConsoleExperiences({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireConsolePage(request, "manageCatalog");
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  const list = await orNotFound(request, api.call("operatorListExperiences", { query: { page } }));
  return withFlash(request, { list, title: t("operatorExperiences.listTitle") });
}
