import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SkipLink } from "~/ui/site-chrome";

/**
 * A console's frame (the operators' on their storefront, the platform admins' on the marketplace):
 * a bar naming it (`title`) with the way back to the site's home (`backLabel`) and sign out
 * (`signOut`); its sections (`nav`) beside the page, above it on a phone. The admins' bar is dark.
 */
export function SectionsShell({
  dark = false,
  title,
  backLabel,
  signOut,
  nav,
  children,
}: {
  dark?: boolean;
  title: ReactNode;
  backLabel: string;
  signOut: ReactNode;
  nav?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <header className={dark ? "bg-slate-900 text-white" : "border-b border-slate-200 bg-white"}>
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
          {title}
          <div className="flex items-center gap-4 text-sm">
            <Link
              to="/"
              className={
                dark ? "underline hover:text-slate-200" : "font-medium text-slate-700 underline hover:text-brand"
              }
            >
              {backLabel}
            </Link>
            {signOut}
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-8 md:grid-cols-[14rem_minmax(0,1fr)]">
        {nav ?? <div />}
        <main id="main" className="min-w-0">
          {children}
        </main>
      </div>
    </>
  );
}
