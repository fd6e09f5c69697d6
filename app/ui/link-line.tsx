import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A line holding one link in the site's text-link style (forgot your password, back to sign-in…). */
export function LinkLine({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  return (
    <p className={className}>
      <Link to={to} className="font-medium text-brand underline">
        {children}
      </Link>
    </p>
  );
}
