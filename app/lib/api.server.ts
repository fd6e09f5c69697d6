import { apiApp } from "~/lib/api-app.server";
import { createApiClient, type Transport } from "~/lib/api-client";
import { env } from "~/lib/env.server";
import { accountSlugOf, requireHostContext } from "~/lib/host.server";

export { ApiError } from "~/lib/api-client";

/** HTTP when API_BASE_URL is set, otherwise the API's own fetch handler in this process. */
const transport: Transport = env.API_BASE_URL ? (req) => fetch(req) : async (req) => apiApp.fetch(req);

/**
 * The API client for one incoming request: the account context comes from its host,
 * the token (when signed in) from its session, and its request id travels along.
 */
export function apiFor(request: Request, options: { token?: string | null; accountSlug?: string | null } = {}) {
  const host = requireHostContext(request);
  const headers: Record<string, string> = {};
  const requestId = request.headers.get("X-Request-Id");
  if (requestId) headers["X-Request-Id"] = requestId;
  const forwardedFor = request.headers.get("X-Forwarded-For");
  if (forwardedFor) headers["X-Forwarded-For"] = forwardedFor;
  return createApiClient({
    transport,
    // In-process, the API sees the same origin as the browser (links it builds point back here).
    baseUrl: env.API_BASE_URL ?? new URL(request.url).origin,
    token: options.token ?? null,
    // On a storefront the host decides the account; elsewhere a caller may name the operator
    // it acts for (e.g. the operator's waiver when booking on the public site).
    accountSlug: accountSlugOf(host) ?? options.accountSlug ?? null,
    headers,
  });
}
