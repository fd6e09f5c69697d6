import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireConsoleAbility } from "~/features/console/console.server";
import { i18next } from "~/platform/i18next.server";

/** The storefront's gift cards (owner, manager), in the console's time zone. */
export async function loadConsoleGiftCards({ request }: LoaderFunctionArgs) {
  const [{ api, me }, t] = await Promise.all([
    requireConsoleAbility(request, "readReports"),
    i18next.getFixedT(request),
  ]);
  const cards = await api.call("operatorListGiftCards");
  return { cards, timeZone: me.account.timeZone, title: t("console.giftCards") };
}
