import type { ReactNode } from "react";

/** A success message read out politely (after a change, or a flash message after a redirect). */
export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mt-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
      {children}
    </p>
  );
}
