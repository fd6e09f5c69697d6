import { HomeAccountDirectLayout } from "~/features/catalog/home-account-direct-layout";
import { HomeLayout } from "~/features/catalog/home-layout";
import { useRootData } from "~/platform/root-data";

/**
 * The home layout; on an operator's host (account_direct) the branded home-account-direct layout.
 * Also the frame of the 404 page an unknown address gets (and the admin pages' refusal, the same).
 */
export function HomeShell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const Layout = root?.hostMode === "account_direct" ? HomeAccountDirectLayout : HomeLayout;
  return <Layout>{children}</Layout>;
}
