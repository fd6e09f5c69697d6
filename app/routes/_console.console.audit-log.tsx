import type { MetaFunction } from "@remix-run/node";
import type { loadAuditLog } from "~/features/console/lists/audit-log.server";
import { AuditLogPage } from "~/features/console/lists/audit-log-page";
import { pageMeta } from "~/ui/meta";

export { loadAuditLog as loader } from "~/features/console/lists/audit-log.server";

export const meta: MetaFunction<typeof loadAuditLog> = ({ data, matches }) => pageMeta(matches, data);

export default AuditLogPage;
