import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadRoot } from "~/features/site/root-loader.server";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "@remix-run/react";
import { useNonce } from "~/platform/nonce";
import { useEffect } from "react";
import { LocaleStrings, useTranslation } from "~/platform/i18n-react";
import { textDirection } from "~/platform/translate";
import { brandStyle } from "~/features/storefront/account-context";
import { useRootData } from "~/platform/root-data";
import { reloadOnChunkError } from "~/platform/chunk-reload";
import { storeMarketingFromQuery } from "~/features/marketing/marketing.client";
import { useBlockPinchZoom } from "~/ui/use-block-pinch-zoom";
import { metaTranslation } from "~/platform/meta-translation";
import { errorStatusOf, errorStatusText } from "~/ui/error-page";
import { FirebaseResync } from "~/features/auth/session-sync";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "apple-touch-icon", sizes: "180x180", href: "/apple-touch-icon.png" },
  { rel: "icon", type: "image/png", sizes: "32x32", href: "/favicon-32x32.png" },
  { rel: "icon", type: "image/png", sizes: "16x16", href: "/favicon-16x16.png" },
];

export function loader({ request }: LoaderFunctionArgs) {
  return loadRoot(request);
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
