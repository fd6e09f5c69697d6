import { redirect as remixRedirect } from "@remix-run/node";
import { applySecurityHeaders } from "./security-headers.server";

/**
 * THE redirect of the web app: Remix's, with the security headers every answer carries (a
 * redirect thrown by a loader never passes through entry.server). Targets given by users go
 * through safeRedirectPath (./redirects) first.
 */
export function redirect(url: string, init: number | ResponseInit = 302): Response {
  const response = remixRedirect(url, init);
  applySecurityHeaders(response.headers);
  return response;
}
