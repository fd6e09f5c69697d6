import { Outlet } from "@remix-run/react";
import { SessionSync } from "~/features/auth/session-sync";
import { SiteFooter, SiteHeader, SkipLink } from "~/ui/site-chrome";

/** The default layout: site header, a content column, footer. */
export default function DefaultLayout() {
  return (
    <>
      <SkipLink />
      <SessionSync />
      <SiteHeader />
      <main id="main" className="mx-auto max-w-4xl px-4 py-8">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
