import { mayShareAnswer } from "~runtime/cache-rules.mjs";
import { isPrivatePath, LOGIN_PAGES } from "./route-rules.server";
import { sessionTokenOf } from "./session-cookie.server";

/**
 * Public pages: the catalog (`/`, a storefront's home), its city, category and operator slices,
 * a details page, and the sign-in pages (the same form for everyone who has no cookie). Given to an anonymous visitor they are the same for everyone, so they may
 * be kept a few seconds by our micro-cache (server/micro-cache.mjs) and by a shared cache.
 */
const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  "routes/_login.login",
  "routes/_login.reset-password",
  "routes/_home._index",
  "routes/_home.$",
  "routes/_details.experiences.$parentId.$serviceId._index",
  "routes/_default.terms",
  "routes/_default.privacy",
  "routes/_default.contact",
]);

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";

/**
 * The Cache-Control of an answer. Public pages for a visitor with nothing personal in the
 * request (no session, no marketing cookie: ~runtime/cache-rules.mjs) are
 * `public, s-maxage, stale-while-revalidate`, varying on Cookie and Accept-Language. Pages rendered
 * for a signed-in visitor, the account area, the sign-in steps after the first and the payment
 * pages are `private, no-store`, and so is a sign-in page asked with a cookie. `routeId` is a document's leaf route; data requests (single fetch, one
 * answer for a whole navigation) are never marked public.
 */
export function applyCachePolicy(
  request: Request,
  headers: Headers,
  answer: { status: number; routeId: string | undefined },
): void {
  if (headers.has("Cache-Control")) return;
  const { pathname } = new URL(request.url);
  const signedIn = sessionTokenOf(request) !== null;
  if (signedIn || isPrivatePath(pathname) || PERSONAL_PAGES.test(pathname)) {
    headers.set("Cache-Control", "private, no-store");
  } else if (
    PUBLIC_ROUTES.has(answer.routeId ?? "") &&
    answer.status === 200 &&
    !headers.has("Set-Cookie") &&
    mayShareAnswer(request.method, request.headers.get("Cookie"), request.headers.get("Authorization"))
  ) {
    headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
    headers.append("Vary", "Cookie, Accept-Language");
  } else if (LOGIN_PAGES.has(pathname)) {
    // A sign-in page asked with a cookie (a flash message, a promo code) is that visitor's alone.
    headers.set("Cache-Control", "private, no-store");
  }
}

/** Other pages that belong to one person: sign-in steps, payment pages and booking returns. */
const PERSONAL_PAGES =
  /^\/(set-password|two-step|complete-profile|waiver|sandbox\/checkout\/|experiences\/[^/]+\/[^/]+\/(confirm|return\/))/;
