import { Outlet } from "@remix-run/react";
import { RouteErrorContent } from "~/ui/error-page";
import { BrandMark, SkipLink } from "~/ui/site-chrome";

/** The external layout: pages reached from emailed or shared links (tips, referrals). */
function ExternalShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <header className="mx-auto max-w-lg px-4 pt-8">
        <BrandMark />
      </header>
      <main id="main" className="mx-auto max-w-lg px-4 py-8">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">{children}</div>
      </main>
    </div>
  );
}

export default function ExternalLayout() {
  return (
    <ExternalShell>
      <Outlet />
    </ExternalShell>
  );
}

export function ErrorBoundary() {
  return (
    <ExternalShell>
      <RouteErrorContent />
    </ExternalShell>
  );
}
