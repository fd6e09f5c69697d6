import { safeRedirectPath } from "~/platform/redirects";

/**
 * What a step of the booking funnel (profile, waiver) reads from its address: where to go back
 * to (`redirectUrl`, a path on this site) and the operator the step is for (`account`, public site
 * bookings; null when absent or not a slug).
 */
export function stepOf(request: Request): { redirectUrl: string; account: string | null } {
  const query = new URL(request.url).searchParams;
  const account = query.get("account");
  return {
    redirectUrl: safeRedirectPath(query.get("redirectUrl")),
    account: account && /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(account) ? account : null,
  };
}

/** `/path?redirectUrl=…(&account=…)` */
export function stepUrl(path: string, redirectUrl: string, account: string | null): string {
  const params = new URLSearchParams({ redirectUrl });
  if (account) params.set("account", account);
  return `${path}?${params}`;
}
