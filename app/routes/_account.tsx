import { Outlet } from "@remix-run/react";
import { AccountNav } from "~/features/account/account-nav";
import { SessionSync } from "~/features/auth/session-sync";
import { RouteErrorContent } from "~/ui/error-page";
import { SiteFooter, SkipLink } from "~/ui/site-chrome";
import { SiteHeader } from "~/features/account/site-header";

/** The account layout: the account area's sections beside its content. */
function AccountShell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SkipLink />
      <SessionSync />
      <SiteHeader />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[14rem_1fr]">
        <AccountNav />
        <main id="main">{children}</main>
      </div>
      <SiteFooter />
    </>
  );
}

export default function AccountLayout() {
  return (
    <AccountShell>
      <Outlet />
    </AccountShell>
  );
}

export function ErrorBoundary() {
  return (
    <AccountShell>
      <RouteErrorContent />
    </AccountShell>
  );
}
