import { Outlet } from "@remix-run/react";
import { HomeAccountDirectLayout } from "~/features/catalog/home-account-direct-layout";
import { HomeLayout } from "~/features/catalog/home-layout";
import { RouteErrorContent } from "~/ui/error-page";
import { useRootData } from "~/platform/root-data";

/** The home layout; on an operator's host (account_direct) the branded home-account-direct layout. */
function HomeShell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const Layout = root?.hostMode === "account_direct" ? HomeAccountDirectLayout : HomeLayout;
  return <Layout>{children}</Layout>;
}

export default function HomeLayoutRoute() {
  return (
    <HomeShell>
      <Outlet />
    </HomeShell>
  );
}

export function ErrorBoundary() {
  return (
    <HomeShell>
      <RouteErrorContent />
    </HomeShell>
  );
}
