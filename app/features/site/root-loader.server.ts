import { data } from "@remix-run/node";
import { config } from "~/platform/config.server";
import { redirect } from "~/platform/redirect.server";
import { i18next, localeCookie } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { requireHostContext } from "~/platform/host.server";
import { captureMarketingCookie } from "~/features/marketing/marketing.server";
import { travellerZoneOf } from "~/features/account/traveller-zone.server";
import { routeRedirect } from "~/platform/route-rules.server";
import { clearedSessionCookie, getSession } from "~/features/auth/session.server";
import { firebaseClientConfig } from "~/features/auth/firebase-config.server";
import { takeFirebaseResync } from "~/features/auth/firebase-resync.server";
import { withoutTrailingSlash } from "~/platform/paths";
import type { RootData } from "~/platform/root-data";

/**
 * The root loader's work (app/root.tsx), in one server module: the browser build replaces each
 * server module a route imports with an empty stub chunk, so the root, on every page, imports one.
 * Canonical paths, the host's mode and storefront, the locale, marketing capture, the session and
 * the route rules (spec section 2), the Firebase resync, and what every page reads (RootData).
 */
export async function loadRoot(request: Request) {
  const url = new URL(request.url);
  // A backslash in the path (/%5C) cannot even be rendered as a 404 (the router resolves it as a
  // URL): such addresses go to the not-found page.
  if (/%5c|\\/i.test(url.pathname)) throw redirect("/404");
  const canonical = withoutTrailingSlash(url.pathname);
  if (canonical) throw redirect(canonical + url.search, 301);

  const host = requireHostContext(request);
  const headers = new Headers();
  const locale = await i18next.getLocale(request);
  // Remembered only when the visitor chooses a language (?lng=), so a first visit sets no cookie.
  if (url.searchParams.get("lng") === locale) {
    const cookieLocale = await localeCookie.parse(request.headers.get("Cookie"));
    if (cookieLocale !== locale) headers.append("Set-Cookie", await localeCookie.serialize(locale));
  }
  const marketing = await captureMarketingCookie(request, headers);

  // The session and the storefront's account are independent facts: asked for at once.
  const [session, accountResult] = await Promise.all([
    getSession(request),
    host.mode === "account_direct"
      ? apiFor(request)
          .call("accountContext", { params: { slug: host.accountSlug } })
          .then(
            (found) => ({ found }),
            (error: unknown) => ({ error }),
          )
      : null,
  ]);
  if (session.lost) headers.append("Set-Cookie", clearedSessionCookie());
  let account: RootData["account"] = null;
  if (accountResult && "found" in accountResult) account = accountResult.found;
  // Spec section 8: an account context that fails to load sends the visitor to /404 — every path,
  // private ones included, before any sign-in rule — and /404 then renders (unbranded).
  else if (accountResult && url.pathname !== "/404") throw redirect("/404", { headers });

  // Route rules (spec section 2) run here on every navigation: see shouldRevalidate below.
  const target = routeRedirect(url, session);
  if (target) throw redirect(target, { headers });
  // A custom token a password or email change left for this browser's Firebase client, once.
  const resync = session.user ? await takeFirebaseResync(request) : null;
  if (resync?.clear) headers.append("Set-Cookie", resync.clear);

  // The page's one address for search engines: no filters or marketing parameters, its page kept.
  const canonicalUrl = new URL(url.pathname, url.origin);
  const pageNumber = url.searchParams.get("page");
  if (pageNumber && /^([2-9]\d{0,3}|1\d{1,3})$/.test(pageNumber)) canonicalUrl.searchParams.set("page", pageNumber);

  return data(
    {
      locale,
      hostMode: host.mode,
      account,
      siteName: account?.name ?? config.PUBLIC_APP_NAME,
      origin: url.origin,
      canonicalUrl: canonicalUrl.toString(),
      noindex: host.mode === "account_direct",
      promoCode: marketing.promoCode,
      user: session.user
        ? {
            firstName: session.user.firstName,
            email: session.user.email,
            unread: session.user.unreadNotifications,
          }
        : null,
      firebase: session.user ? firebaseClientConfig() : null,
      firebaseResync: resync?.token ?? null,
      timeZone: travellerZoneOf(request),
    } satisfies RootData,
    { headers },
  );
}
