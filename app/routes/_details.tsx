import { Outlet } from "@remix-run/react";
import { SiteFooter, SiteHeader, SkipLink } from "~/ui/site-chrome";

/** The details layout: a wide column for an experience, its confirmation and its payment return. */
export default function DetailsLayout() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
