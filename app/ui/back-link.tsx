import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The link back to the page above (the console's home, the experiences list…), above a page's heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="text-sm">
      <Link to={to} className="font-medium text-brand underline">
        {children}
      </Link>
    </p>
  );
}
