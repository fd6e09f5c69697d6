/** The admin console's pages (issue 44), for their links and forms (the browser's build too). */
export const APPLICATIONS_PATH = "/admin/applications";
export const OPERATORS_PATH = "/admin/operators";
export const SUPPORT_PATH = "/admin/support";
export const AUDIT_LOG_PATH = "/admin/audit-log";
export const EARNINGS_PATH = "/admin/earnings";
/** One operator's money and commission. */
export const operatorMoneyPath = (accountId: string) => `${OPERATORS_PATH}/${encodeURIComponent(accountId)}`;
