/** The `account` query parameter: the operator a profile/waiver step is for (public site bookings). */
export function accountParam(query: URLSearchParams): string | null {
  const value = query.get("account");
  return value && /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(value) ? value : null;
}

/** `/path?redirectUrl=…(&account=…)` */
export function stepUrl(path: string, redirectUrl: string, account: string | null): string {
  const params = new URLSearchParams({ redirectUrl });
  if (account) params.set("account", account);
  return `${path}?${params}`;
}
