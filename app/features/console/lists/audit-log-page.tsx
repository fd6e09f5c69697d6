import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { formatDateTime } from "~/ui/date-format";
import { Pagination } from "~/ui/pagination";
import type { loadAuditLog } from "./audit-log.server";

/** Every console action, newest first: when, what in words (and the record behind a toggle), from where. */
export function AuditLogPage() {
  const { log, timeZone } = useLoaderData<typeof loadAuditLog>();
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("console.auditLog")}</h1>
      <DataTable
        rows={log.items}
        empty={t("console.auditEmpty")}
        className="mt-4"
        caption={t("console.auditLog")}
        columns={[t("console.auditWhen"), t("console.auditWhat"), t("console.auditWhere")]}
        alignFrom={3}
        data-testid="audit-log"
        row={(entry) => (
          <tr key={entry.id} data-testid="audit-entry" data-action={entry.action} className="align-top">
            <td className="whitespace-nowrap py-2 pr-4">
              <time dateTime={entry.at}>{formatDateTime(entry.at, { timeZone, locale: i18n.language })}</time>
            </td>
            <td className="py-2 pr-4">
              <p data-testid="audit-sentence">{entry.sentence}</p>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-slate-700 underline">{t("auditLog.details")}</summary>
                <pre className="mt-1 max-w-xl overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-800">
                  {entry.record}
                </pre>
              </details>
            </td>
            <td className="py-2">{entry.clientAddress}</td>
          </tr>
        )}
      />
      <Pagination page={log.page} totalPages={log.totalPages} />
    </>
  );
}
