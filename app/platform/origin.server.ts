import { isSameOriginRequest } from "~contract/same-origin";

/** State-changing form posts must come from our own pages (same check as the API's); else 403. */
export function requireSameOrigin(request: Request) {
  if (!isSameOriginRequest(request)) {
    throw new Response("Cross-site request refused", { status: 403, headers: { "Content-Type": "text/plain" } });
  }
}
