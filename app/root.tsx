import { config } from "~/platform/config.server";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "@remix-run/react";
import { useNonce } from "~/platform/nonce";
import { useEffect } from "react";
import { LocaleStrings, useTranslation } from "~/platform/i18n-react";
import { textDirection } from "~/platform/translate";
import { i18next, localeCookie } from "~/platform/i18next.server";
import { brandStyle } from "~/features/storefront/account-context";
import { useRootData, type RootData } from "~/platform/root-data";
import { apiFor } from "~/platform/api.server";
import { reloadOnChunkError } from "~/platform/chunk-reload";
import { requireHostContext } from "~/platform/host.server";
import { captureMarketingCookie } from "~/features/marketing/marketing.server";
import { storeMarketingFromQuery } from "~/features/marketing/marketing.client";
import { withoutTrailingSlash } from "~/platform/paths";
import { useBlockPinchZoom } from "~/ui/use-block-pinch-zoom";
import { travellerZoneOf } from "~/features/account/traveller-zone.server";
import { routeRedirect } from "~/platform/route-rules.server";
import { clearedSessionCookie, getSession } from "~/features/auth/session.server";
import { firebaseClientConfig } from "~/features/auth/firebase-config.server";
import { metaTranslation } from "~/platform/meta-translation";
import { errorStatusOf, errorStatusText } from "~/ui/error-page";
import { takeFirebaseResync } from "~/features/auth/firebase-resync.server";
import { FirebaseResync } from "~/features/auth/session-sync";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "apple-touch-icon", sizes: "180x180", href: "/apple-touch-icon.png" },
  { rel: "icon", type: "image/png", sizes: "32x32", href: "/favicon-32x32.png" },
  { rel: "icon", type: "image/png", sizes: "16x16", href: "/favicon-16x16.png" },
];

export async function loader({ request }: LoaderFunctionArgs) {
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

/**
 * An error page's title, in the head (the layouts' boundaries export no meta: they take this one);
 * pages set their own.
 */
export const meta: MetaFunction<typeof loader> = ({ data: root, error }) => {
  const t = error ? metaTranslation(root?.locale) : undefined;
  if (!t) return [];
  return [{ title: `${errorStatusText(t, errorStatusOf(error))} · ${root?.siteName ?? t("app.name")}` }];
};

/** The root loader carries the route rules, so it runs on every navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { i18n } = useTranslation();
  const locale = root?.locale ?? i18n.language ?? "en";
  const nonce = useNonce();
  // A page shown at another page's address (the edge's 403 for a cross-site post) stays plain HTML.
  const hydrate = !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  return (
    <html lang={locale} dir={textDirection(locale)} style={brandStyle(root?.account ?? null)}>
      <head>
        <meta charSet="utf-8" />
        <meta
          name="viewport"
          content="width=device-width, initial-scale=1, minimum-scale=1, maximum-scale=1, user-scalable=no"
        />
        <meta name="theme-color" content="#ffffff" />
        {root?.noindex ? <meta name="robots" content="noindex" /> : null}
        <Meta />
        <Links />
        <LocaleStrings />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        {hydrate ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  const location = useLocation();
  useBlockPinchZoom();
  useEffect(() => {
    storeMarketingFromQuery(location.search);
  }, [location.search]);
  useEffect(() => {
    const onError = (event: ErrorEvent | PromiseRejectionEvent) =>
      reloadOnChunkError("reason" in event ? event.reason : (event.error ?? event.message));
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onError);
    document.documentElement.dataset.hydrated = "true";
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onError);
    };
  }, []);
  return (
    <>
      <Outlet />
      <FirebaseResync />
    </>
  );
}

export { RouteErrorPage as ErrorBoundary } from "~/ui/error-page";
