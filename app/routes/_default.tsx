import { Outlet, useLocation } from "@remix-run/react";
import { AccountNav } from "~/features/account/account-nav";
import { SessionSync } from "~/features/auth/session-sync";
import { RouteErrorContent } from "~/ui/error-page";
import { SiteFooter, SkipLink } from "~/ui/site-chrome";
import { SiteHeader } from "~/features/account/site-header";

/** The default layout: site header, a content column, footer. */
function DefaultShell({ children }: { children: React.ReactNode }) {
  // The account pages (spec: default layout) carry the account area's navigation.
  const inAccount = /^\/account(\/|$)/.test(useLocation().pathname);
  return (
    <>
      <SkipLink />
      <SessionSync />
      <SiteHeader />
      {inAccount ? (
        // minmax(0, 1fr): a column is never wider than the screen because of what it holds.
        <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-8 md:grid-cols-[14rem_minmax(0,1fr)] print:block">
          <AccountNav />
          <main id="main" className="min-w-0">
            {children}
          </main>
        </div>
      ) : (
        <main id="main" className="mx-auto max-w-4xl px-4 py-8">
          {children}
        </main>
      )}
      <SiteFooter />
    </>
  );
}

export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

export function ErrorBoundary() {
  return (
    <DefaultShell>
      <RouteErrorContent />
    </DefaultShell>
  );
}
