import { redirect } from "~/platform/redirect.server";
import { data } from "@remix-run/node";
import { createApiClient, type Transport } from "~contract/client";
import type { ApiError } from "~contract/errors";
import { CHANGED_HEADER, parseChangedTopics } from "~contract/system/changes";
import { topicsChanged } from "~runtime/topic-versions.mjs";
import { CONNECTION_ADDRESS_HEADER, connectionAddressOf } from "~runtime/edge-headers.mjs";
import { config } from "~/platform/config.server";
import { readCache } from "~/platform/api-read-cache.server";
import { accountSlugOf, requireHostContext } from "~/platform/host.server";
import { lostSessionRedirect } from "~/platform/session-cookie.server";
import { SECOND_STEP_PAGE } from "~/platform/route-rules.server";

export { ApiError, isApiError } from "~contract/errors";

/**
 * The v1 API in this process (the default): loaded on first use, so that in split mode
 * (API_BASE_URL set) the web never loads the API's code, opens no database and checks no token.
 */
let inProcess: Promise<Transport> | undefined;
function inProcessApi(): Promise<Transport> {
  inProcess ??= import("~api/app").then(
    ({ app }) =>
      (request: Request) =>
        Promise.resolve(app.fetch(request)),
  );
  return inProcess;
}

/** HTTP when API_BASE_URL is set, otherwise the API's own fetch handler in this process. */
export const sendToApi: Transport = config.API_BASE_URL
  ? (request) => fetch(request)
  : async (request) => (await inProcessApi())(request);

/**
 * What the API says an answer's write changed (its CHANGED_HEADER): the micro-cache and the read
 * cache drop what depends on it, before the page that follows the write is rendered. Other
 * processes' writes come through the change feed (app/platform/api-change-feed.server.ts).
 */
export function forgetWhatChanged(answer: Response): void {
  const topics = parseChangedTopics(answer.headers.get(CHANGED_HEADER));
  if (topics.length > 0) topicsChanged(topics);
}

/** Every call to the API goes through here. */
export const apiTransport: Transport = async (request) => {
  const answer = await sendToApi(request);
  forgetWhatChanged(answer);
  return answer;
};

/** Start what the API needs in this process (its database); a server that cannot must stop. */
export async function startInProcessApi(): Promise<void> {
  if (config.API_BASE_URL) return;
  const { startApi } = await import("~api/start");
  await startApi();
}

/**
 * What tells the API the browser's address (api/http/client-info.ts), for a call made on behalf
 * of an incoming request. In this process: X-Forwarded-For as it came and the connection's
 * address the edge recorded. Over HTTP (API_BASE_URL) the web is one more proxy in front of the
 * API: X-Forwarded-For with the connection's address appended ("unknown" when there is none, so
 * that the API, which counts the web as a hop, never takes an entry the client wrote).
 */
export function clientAddressHeaders(incoming: Headers): Record<string, string> {
  const forwardedFor = incoming.get("X-Forwarded-For");
  if (config.API_BASE_URL) {
    const appended = [forwardedFor, connectionAddressOf(incoming) || "unknown"].filter(Boolean).join(", ");
    return { "X-Forwarded-For": appended };
  }
  const connection = incoming.get(CONNECTION_ADDRESS_HEADER);
  return {
    ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
    ...(connection ? { [CONNECTION_ADDRESS_HEADER]: connection } : {}),
  };
}

const UNAVAILABLE: ReadonlySet<string> = new Set(["service_unavailable", "network_error", "internal_error"]);

/**
 * The API client for one incoming request: the account context comes from its host,
 * the token (when signed in) from its session, and its request id travels along.
 */
export function apiFor(
  request: Request,
  options: {
    token?: string | null;
    accountSlug?: string | null;
    /** A 401 for a call made with a token: "redirect" (default) to /login?errorCode=440, or "throw" the ApiError. */
    onSessionLost?: "redirect" | "throw";
  } = {},
) {
  const host = requireHostContext(request);
  const headers: Record<string, string> = {};
  const requestId = request.headers.get("X-Request-Id");
  if (requestId) headers["X-Request-Id"] = requestId;
  Object.assign(headers, clientAddressHeaders(request.headers));
  return createApiClient({
    transport: apiTransport,
    baseUrl: config.API_BASE_URL ?? new URL(request.url).origin,
    token: options.token ?? null,
    // On a storefront the host decides the account; elsewhere a caller may name the operator
    // it acts for (e.g. the operator's waiver when booking on the public site).
    accountSlug: accountSlugOf(host) ?? options.accountSlug ?? null,
    headers,
    readCache,
    onError: (error: ApiError) => {
      // The session was revoked or has expired: the API said so; the page signs the user out.
      if (options.token && options.onSessionLost !== "throw" && error.status === 401) {
        throw lostSessionRedirect(request);
      }
      // A user who must set a password changes nothing else first (the route rule, for form posts).
      if (options.token && error.code === "password_setup_required") {
        throw redirect(`/set-password${new URL(request.url).search}`);
      }
      // A session that has not given its second step yet reaches nothing else (issue 43).
      if (options.token && error.code === "second_step_required") {
        const url = new URL(request.url);
        throw redirect(`${SECOND_STEP_PAGE}?${new URLSearchParams({ redirectUrl: url.pathname + url.search })}`);
      }
      // The API (or what it stands on) is down or failed: the page's error state says so with a
      // 503, not a 500 of ours. Errors a page handles (e.g. payment_unavailable) stay ApiErrors.
      // A storefront host whose operator does not exist (spec section 8): every page goes to /404.
      if (error.code === "account_not_found" && accountSlugOf(host)) {
        if (new URL(request.url).pathname !== "/404") throw redirect("/404");
      }
      // The error page says "not available right now" and entry.server adds the Retry-After.
      if (UNAVAILABLE.has(error.code)) throw data(null, { status: 503 });
    },
  });
}
