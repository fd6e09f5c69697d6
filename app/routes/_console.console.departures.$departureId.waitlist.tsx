import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isApiError } from "~/platform/api.server";
import { requireConsole } from "~/features/console/console.server";
import { idParam, passHeaders, requireParams, routeNotFound } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { ColumnHeads } from "~/ui/column-heads";
import { formatDateTime } from "~/ui/date-format";
import { pageMeta } from "~/ui/meta";
import { ScrollRegion } from "~/ui/scroll-region";

/**
 * A departure's waitlist in line order (every member may view): party, status, an open offer's
 * expiry. Read-only: travellers join and leave themselves; offers are the due work's.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { departureId } = await requireParams(request, params, { departureId: idParam });
  const [{ api, me }, t] = await Promise.all([requireConsole(request), i18next.getFixedT(request)]);
  try {
    const waitlist = await api.call("operatorDepartureWaitlist", { params: { departureId } });
    return { waitlist, timezone: me.account.timeZone, title: t("waitlist.consoleTitle") };
  } catch (error) {
    if (isApiError(error, "departure_not_found")) throw await routeNotFound(request);
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
export const headers = passHeaders;

export default function DepartureWaitlistPage() {
  const { waitlist, timezone, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const when = (iso: string) => formatDateTime(iso, { timeZone: timezone, locale: i18n.language });
  return (
    <section>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {waitlist.entries.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("waitlist.consoleEmpty")}</p>
      ) : (
        <ScrollRegion label={title} className="mt-4">
          <table className="w-full text-left text-sm" data-testid="console-waitlist">
            <caption className="sr-only">{title}</caption>
            <ColumnHeads
              className="text-slate-700"
              cell="py-2"
              labels={WAITLIST_COLUMNS.map((column) => t(`waitlist.${column}`))}
              alignFrom={WAITLIST_COLUMNS.length}
            />
            <tbody className="divide-y divide-slate-100">
              {waitlist.entries.map((entry, index) => (
                <tr key={entry.id}>
                  <td className="py-2">{index + 1}</td>
                  <td className="py-2">{entry.name ?? entry.email ?? "—"}</td>
                  <td className="py-2">{entry.seats}</td>
                  <td className="py-2">
                    {entry.status === "offered" && entry.offerExpiresAt
                      ? t("waitlist.offeredUntilShort", { until: when(entry.offerExpiresAt) })
                      : t(`waitlist.status_${entry.status}`)}
                  </td>
                  <td className="py-2">
                    <time dateTime={entry.joinedAt}>{when(entry.joinedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

/** The waitlist's columns (`waitlist.<key>`). */
const WAITLIST_COLUMNS = ["position", "traveller", "seats", "status", "joinedAt"] as const;
