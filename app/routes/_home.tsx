import { Outlet } from "@remix-run/react";
import { HomeAccountDirectLayout } from "~/ui/layouts/home-account-direct-layout";
import { HomeLayout } from "~/ui/layouts/home-layout";
import { useRootData } from "~/ui/use-root-data";

/** The home layout; on an operator's host (account_direct) the branded home-account-direct layout. */
export default function HomeLayoutRoute() {
  const root = useRootData();
  const Layout = root?.hostMode === "account_direct" ? HomeAccountDirectLayout : HomeLayout;
  return (
    <Layout>
      <Outlet />
    </Layout>
  );
}
