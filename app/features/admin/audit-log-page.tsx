import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { formatDateTime, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { CursorPager, listHref } from "~/ui/filter-fields";
import { AUDIT_LOG_PATH } from "./admin-paths";
import type { loadPlatformAuditLog } from "./audit-log.server";

const RECORD =
  "mt-1 max-w-md overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-800";

/** A record of the target (before or after), or a dash. */
function Record({ text }: { text: string | null }) {
  return text ? <pre className={RECORD}>{text}</pre> : <span aria-hidden="true">—</span>;
}

/** /admin/audit-log: who did what to what, when (UTC), from where, and the target before and after. */
export function PlatformAuditLogPage() {
  const { log, paged, title } = useLoaderData<typeof loadPlatformAuditLog>();
  const { t, i18n } = useTranslation();
  const k = (key: string) => t(`admin.auditLog.${key}`);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <DataTable
        rows={log.items}
        empty={k("empty")}
        className="mt-4"
        caption={title}
        columns={[k("when"), k("who"), k("what"), k("before"), k("after")]}
        alignFrom={[]}
        data-testid="platform-audit-log"
        row={(entry) => (
          <tr key={entry.id} data-testid="platform-audit-entry" data-action={entry.action} className="align-top">
            <td className="whitespace-nowrap py-2 pr-4">
              <time dateTime={entry.at}>
                {formatDateTime(entry.at, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language })}
              </time>
            </td>
            <td className="py-2 pr-4">
              {entry.actor.email ?? entry.actor.id ?? k("command")}
              <p className="text-xs text-slate-700">{entry.clientAddress}</p>
            </td>
            <td className="py-2 pr-4">
              <p className="font-medium">
                {t(`admin.auditLog.action_${entry.action.replace(".", "_")}`, { defaultValue: entry.action })}
              </p>
              <p className="text-xs text-slate-700">
                {entry.target.type} {entry.target.id}
              </p>
            </td>
            <td className="py-2 pr-4">
              <Record text={entry.before} />
            </td>
            <td className="py-2">
              <Record text={entry.after} />
            </td>
          </tr>
        )}
      />
      <CursorPager
        label={k("pages")}
        first={paged ? AUDIT_LOG_PATH : null}
        next={log.nextCursor ? listHref(AUDIT_LOG_PATH, {}, log.nextCursor) : null}
        nextLabel={k("older")}
      />
    </>
  );
}
