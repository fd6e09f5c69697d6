import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { i18next } from "~/platform/i18next.server";

/** /404 renders the not-found page with status 404 (also where a failed storefront lands). */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request);
  throw data(t("errors.notFoundDefault"), { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
