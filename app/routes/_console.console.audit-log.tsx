import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireConsoleAbility } from "~/features/console/console.server";
import { orNotFound } from "~/platform/api-errors.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { ColumnHeads } from "~/ui/column-heads";
import { formatDateTime } from "~/ui/date-format";
import { pageMeta } from "~/ui/meta";
import { Pagination } from "~/ui/pagination";
import { ScrollRegion } from "~/ui/scroll-region";

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ api, me }, t] = await Promise.all([
    requireConsoleAbility(request, "readAuditLog"),
    i18next.getFixedT(request),
  ]);
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  // A page number the API cannot read is the 404 page.
  const log = await orNotFound(request, api.call("operatorAuditLog", { query: { page } }));
  return { log, timeZone: me.account.timeZone, title: t("console.auditLog") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

/** Every console action, newest first: when, who, what, from where. */
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
              labels={[t("console.auditWhen"), t("console.auditWho"), t("console.auditWhat"), t("console.auditWhere")]}
              alignFrom={4}
            />
            <tbody className="divide-y divide-slate-200">
              {log.items.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry" data-action={entry.action}>
                  <td className="whitespace-nowrap py-2 pr-4">
                    <time dateTime={entry.at}>{formatDateTime(entry.at, { timeZone, locale: i18n.language })}</time>
                  </td>
                  <td className="py-2 pr-4">{entry.actor.email ?? entry.actor.id ?? "—"}</td>
                  <td className="py-2 pr-4">
                    {t(`console.action_${entry.action.replace(".", "_")}`, {
                      defaultValue: entry.action,
                      // What the action names (ids, figures, texts), then the roles in words.
                      ...entry.target,
                      email: entry.target.email ?? "",
                      role: entry.target.role ? t(`console.role_${entry.target.role}`) : "",
                      from: entry.target.from ? t(`console.role_${entry.target.from}`) : "",
                      to: entry.target.to ? t(`console.role_${entry.target.to}`) : "",
                    })}
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
