import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { i18next } from "~/platform/i18next.server";
import { isEdgeRefusal } from "~/platform/origin.server";

/**
 * The 403 page of a write refused at the edge for coming from another site
 * (server/cross-site-refusal.mjs hands the app this GET instead of the post): in the site's
 * layout, saying nothing was changed. Asked for directly, it does not exist (404).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request);
  if (!isEdgeRefusal(request)) throw data(t("errors.notFoundDefault"), { status: 404 });
  throw data(t("errors.crossSite"), { status: 403 });
}

/** The browser's address is still the page the post went to: this page must not hydrate there. */
export const handle = { hydrate: false };

export default function CrossSiteRoute() {
  return null;
}
