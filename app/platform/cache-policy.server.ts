import { isPrivatePath, LOGIN_PAGES } from "./route-rules.server";
import { sessionTokenOf } from "./session-cookie.server";

/**
 * Pages rendered for a signed-in visitor, the account area and the sign-in pages are never kept
 * by a browser or a shared cache (`private, no-store`): they hold personal facts or a form a
 * session depends on. Public pages for anonymous visitors keep the default for now.
 */
export function applyCachePolicy(request: Request, headers: Headers): void {
  if (headers.has("Cache-Control")) return;
  const { pathname } = new URL(request.url);
  const signedIn = sessionTokenOf(request) !== null;
  if (signedIn || isPrivatePath(pathname) || LOGIN_PAGES.has(pathname) || PERSONAL_PAGES.test(pathname)) {
    headers.set("Cache-Control", "private, no-store");
  }
}

/** Other pages that belong to one person: sign-in steps, payment pages and booking returns. */
const PERSONAL_PAGES =
  /^\/(set-password|complete-profile|waiver|sandbox\/checkout\/|experiences\/[^/]+\/[^/]+\/(confirm|return\/))/;
