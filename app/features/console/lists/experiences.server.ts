import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireConsoleAbility } from "~/features/console/console.server";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { i18next } from "~/platform/i18next.server";

/** A page of the operator's experiences, drafts included (a page number the API cannot read is the 404 page). */
export async function loadConsoleExperiences({ request }: LoaderFunctionArgs) {
  const [{ api }, t] = await Promise.all([requireConsoleAbility(request, "manageCatalog"), i18next.getFixedT(request)]);
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  const list = await orNotFound(request, api.call("operatorListExperiences", { query: { page } }));
  return withFlash(request, { list, title: t("operatorExperiences.listTitle") });
}
