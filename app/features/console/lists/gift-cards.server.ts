import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireConsolePage } from "~/features/console/console.server";

/** The storefront's gift cards (owner, manager), in the console's time zone. */
export async function loadConsoleGiftCards({ request }: LoaderFunctionArgs) {
  const { api, me, t } = await requireConsolePage(request, "readReports");
  const cards = await api.call("operatorListGiftCards");
  return { cards, timeZone: me.account.timeZone, title: t("console.giftCards") };
}
