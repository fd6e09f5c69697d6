import { Outlet } from "@remix-run/react";
import { SessionSync } from "~/features/auth/session-sync";
import { RouteErrorContent } from "~/ui/error-page";
import { SiteFooter, SiteHeader, SkipLink } from "~/ui/site-chrome";

/** The default layout: site header, a content column, footer. */
function DefaultShell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SkipLink />
      <SessionSync />
      <SiteHeader />
      <main id="main" className="mx-auto max-w-4xl px-4 py-8">
        {children}
      </main>
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
