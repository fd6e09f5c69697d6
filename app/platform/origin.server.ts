import { isSameOriginRequest } from "~runtime/same-origin.mjs";
import { REFUSAL_CROSS_SITE, REFUSAL_HEADER } from "~runtime/edge-headers.mjs";

/**
 * State-changing form posts must come from our own pages (the one rule, ~runtime/same-origin.mjs);
 * else 403. The edge refuses them before the app runs (server/cross-site-refusal.mjs); this is the
 * same rule where no edge runs (`npm run dev`, an action called in-process).
 */
export function requireSameOrigin(request: Request) {
  if (!isSameOriginRequest(request)) {
    throw new Response("Cross-site request refused", { status: 403, headers: { "Content-Type": "text/plain" } });
  }
}

/** Whether this request is the edge's GET for a write it refused as cross-site. */
export function isEdgeRefusal(request: Request): boolean {
  return request.headers.get(REFUSAL_HEADER) === REFUSAL_CROSS_SITE;
}
