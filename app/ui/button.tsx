import type { ComponentPropsWithoutRef } from "react";

/**
 * The console's buttons by what they do: `primary` (the page's main act), `secondary` (a row's
 * act), `danger` (asks before removing), `dangerSolid` (the removal itself, once asked); and the
 * storefront's and account's `outline` (a form's side act: apply a code, show times, sign out everywhere).
 */
export const BUTTON = {
  primary: "rounded-md bg-brand px-3 py-2 text-sm font-semibold text-white",
  secondary: "rounded-md border border-slate-400 px-3 py-2 text-sm font-medium",
  danger: "rounded-md border border-red-300 px-3 py-2 text-sm font-medium text-red-800",
  dangerSolid: "rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white",
  outline: "rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50",
} as const;

export type ButtonVariant = keyof typeof BUTTON;

/** A button of one variant (a submit button unless `type` says otherwise); `className` adds to it. */
export function Button({
  variant = "secondary",
  type = "submit",
  className,
  ...button
}: ComponentPropsWithoutRef<"button"> & { variant?: ButtonVariant }) {
  return <button type={type} className={className ? `${BUTTON[variant]} ${className}` : BUTTON[variant]} {...button} />;
}
