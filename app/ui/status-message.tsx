import type { ReactNode } from "react";

/** `className`: its place on the page (a margin; "mt-4" unless given). */
type Props = { children: ReactNode; className?: string };

const BOX = "rounded-md p-3 text-sm";

/** A success message read out politely (after a change, or a flash message after a redirect). */
export function StatusMessage({ children, className = "mt-4" }: Props) {
  return (
    <p role="status" className={`${className} ${BOX} bg-emerald-50 text-emerald-900`.trim()}>
      {children}
    </p>
  );
}

/** What the visitor must know before going on (a lost session, a refusal), read out at once. */
export function AlertMessage({ children, className = "mt-4" }: Props) {
  return (
    <p role="alert" className={`${className} ${BOX} bg-amber-50 text-amber-900`.trim()}>
      {children}
    </p>
  );
}
