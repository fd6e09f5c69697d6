import type { LoaderFunctionArgs } from "@remix-run/node";
import { orNotFound } from "~/platform/api-errors.server";
import { listQueryOf, requireAdminPage } from "./admin.server";

/** A record as the page shows it: its keys in order, indented (null: none). */
const shown = (record: Record<string, unknown> | null) => (record ? JSON.stringify(record, null, 2) : null);

/** /admin/audit-log: every platform admin action, newest first, a page at a time ("older" by cursor). */
export async function loadPlatformAuditLog({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireAdminPage(request);
  const { cursor } = listQueryOf(request, []);
  // A cursor the API cannot read is the 404 page.
  const log = await orNotFound(request, api.call("adminAuditLog", { query: { cursor } }));
  return {
    log: {
      ...log,
      items: log.items.map((entry) => ({ ...entry, before: shown(entry.before), after: shown(entry.after) })),
    },
    paged: Boolean(cursor),
    title: t("admin.auditLog.title"),
  };
}
