import { Outlet } from "@remix-run/react";
import { HomeShell } from "~/features/catalog/home-shell";
import { RouteErrorContent } from "~/ui/error-page";

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
