import { Outlet } from "@remix-run/react";
import { BrandMark, SkipLink } from "~/components/site-chrome";

/** The login layout: a centred card for sign-in, password reset and password setup. */
export default function LoginLayout() {
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand/10 to-white">
      <SkipLink />
      <header className="mx-auto max-w-md px-4 pt-10">
        <BrandMark />
      </header>
      <main id="main" className="mx-auto max-w-md px-4 py-8">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
