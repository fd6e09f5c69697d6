import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { auditSentence } from "~/features/console/audit-sentence";
import { requireConsolePage } from "~/features/console/console.server";
import { orNotFound } from "~/platform/api-errors.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { ColumnHeads } from "~/ui/column-heads";
import { formatDateTime } from "~/ui/date-format";
import { pageMeta } from "~/ui/meta";
import { Pagination } from "~/ui/pagination";
import { ScrollRegion } from "~/ui/scroll-region";

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ api, me, t }, locale] = await Promise.all([
    requireConsolePage(request, "readAuditLog"),
    i18next.getLocale(request),
  ]);
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  // A page number the API cannot read is the 404 page.
  const log = await orNotFound(request, api.call("operatorAuditLog", { query: { page } }));
  const timeZone = me.account.timeZone;
  return {
    log: {
      ...log,
      items: log.items.map((entry) => ({
        ...entry,
        sentence: auditSentence(entry, { t, locale, timeZone }),
        // The row as stored, for the details toggle.
        record: JSON.stringify(
          { action: entry.action, actor: entry.actor, target: entry.target, at: entry.at },
          null,
          2,
        ),
      })),
    },
    timeZone,
    title: t("console.auditLog"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

/** Every console action, newest first: when, what in words (and the record behind a toggle), from where. */
export default function AuditLogPage() {
  const { log, timeZone } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("console.auditLog")}</h1>
      {log.items.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("console.auditEmpty")}</p>
      ) : (
        <ScrollRegion label={t("console.auditLog")} className="mt-4">
          <table className="min-w-full text-left text-sm" data-testid="audit-log">
            <caption className="sr-only">{t("console.auditLog")}</caption>
            <ColumnHeads
              className="border-b border-slate-300"
              cell="py-2 pr-4"
              labels={[t("console.auditWhen"), t("console.auditWhat"), t("console.auditWhere")]}
              alignFrom={3}
            />
            <tbody className="divide-y divide-slate-200">
              {log.items.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry" data-action={entry.action} className="align-top">
                  <td className="whitespace-nowrap py-2 pr-4">
                    <time dateTime={entry.at}>{formatDateTime(entry.at, { timeZone, locale: i18n.language })}</time>
                  </td>
                  <td className="py-2 pr-4">
                    <p data-testid="audit-sentence">{entry.sentence}</p>
                    <details className="mt-1">
                      <summary className="cursor-pointer text-xs text-slate-700 underline">
                        {t("auditLog.details")}
                      </summary>
                      <pre className="mt-1 max-w-xl overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-800">
                        {entry.record}
                      </pre>
                    </details>
                  </td>
                  <td className="py-2">{entry.clientAddress}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pagination page={log.page} totalPages={log.totalPages} />
    </>
  );
}
