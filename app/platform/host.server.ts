import { config } from "~/platform/config.server";
import { resolveHost, type HostContext } from "~/platform/host";

/** The request's host context; a host we do not serve is answered with 400, never a page. */
export function requireHostContext(request: Request): HostContext {
  const context = resolveHost(new URL(request.url).host, {
    baseDomains: config.APP_BASE_DOMAINS,
    segments: config.HOST_SEGMENTS,
  });
  if (!context) {
    throw new Response("Unknown host", { status: 400, headers: { "Content-Type": "text/plain" } });
  }
  return context;
}

export function accountSlugOf(context: HostContext): string | null {
  return context.mode === "account_direct" ? context.accountSlug : null;
}
