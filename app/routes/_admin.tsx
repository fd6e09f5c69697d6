import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AdminShell } from "~/features/admin/admin-shell";
import { requireAdmin } from "~/features/admin/admin.server";
import { HomeShell } from "~/features/catalog/home-shell";
import { RouteErrorContent } from "~/ui/error-page";

/** Every admin page: on the marketplace, for platform admins only (requireAdmin: anyone else, the 404 page). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { applicationsWaiting } = await requireAdmin(request);
  return { applicationsWaiting };
}

export default function AdminLayout() {
  const { applicationsWaiting } = useLoaderData<typeof loader>();
  return (
    <AdminShell applicationsWaiting={applicationsWaiting}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * An error of an admin's page inside the admin's frame. Refused (this layout's guard threw: not an
 * admin, a storefront host), the 404 page exactly as an unknown address shows it (the home frame).
 */
export function ErrorBoundary() {
  const admin = useRouteLoaderData<typeof loader>("routes/_admin");
  if (!admin)
    return (
      <HomeShell>
        <RouteErrorContent />
      </HomeShell>
    );
  return (
    <AdminShell applicationsWaiting={admin.applicationsWaiting}>
      <RouteErrorContent />
    </AdminShell>
  );
}
