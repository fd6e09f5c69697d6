import { Outlet } from "@remix-run/react";
import { RouteErrorContent } from "~/ui/error-page";
import { CardShell } from "~/ui/layouts/card-shell";

/** The external layout: pages reached from emailed or shared links (tips, referrals). */
function ExternalShell({ children }: { children: React.ReactNode }) {
  return (
    <CardShell background="bg-slate-50" width="max-w-lg" headerTop="pt-8">
      {children}
    </CardShell>
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
