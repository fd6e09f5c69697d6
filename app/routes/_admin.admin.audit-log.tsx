import type { MetaFunction } from "@remix-run/node";
import { PlatformAuditLogPage } from "~/features/admin/audit-log-page";
import type { loadPlatformAuditLog } from "~/features/admin/audit-log.server";
import { pageMeta } from "~/ui/meta";

export { loadPlatformAuditLog as loader } from "~/features/admin/audit-log.server";

export const meta: MetaFunction<typeof loadPlatformAuditLog> = ({ data, matches }) => pageMeta(matches, data);

export default PlatformAuditLogPage;
