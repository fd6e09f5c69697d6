import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireConsole } from "~/features/console/console.server";
import { withFlash } from "~/platform/flash.server";
import { i18next } from "~/platform/i18next.server";

/** /console: every member's home (a guide: their own departures and bookings, no money, no decisions). */
export async function loader({ request }: LoaderFunctionArgs) {
  const [{ me, api }, t] = await Promise.all([requireConsole(request), i18next.getFixedT(request)]);
  const home = await api.call("operatorHome");
  return withFlash(request, { me, home, title: t("console.title") });
}
