import { Outlet } from "@remix-run/react";
import { RouteErrorContent } from "~/ui/error-page";
import { SiteFooter, SkipLink } from "~/ui/site-chrome";
import { SiteHeader } from "~/features/account/site-header";

/** The details layout: a wide column for an experience, its confirmation and its payment return. */
function DetailsShell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function DetailsLayout() {
  return (
    <DetailsShell>
      <Outlet />
    </DetailsShell>
  );
}

export function ErrorBoundary() {
  return (
    <DetailsShell>
      <RouteErrorContent />
    </DetailsShell>
  );
}
