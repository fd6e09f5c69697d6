import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditSentence } from "~/features/console/audit-sentence";
import { requireConsolePage } from "~/features/console/console.server";
import { orNotFound } from "~/platform/api-errors.server";
import { i18next } from "~/platform/i18next.server";

/** The audit log's page: each entry with its sentence in words and the record behind it (for the details toggle). */
export async function loadAuditLog({ request }: LoaderFunctionArgs) {
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
