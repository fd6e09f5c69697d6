import type { ReactNode } from "react";
import { StatusMessage } from "./status-message";

/**
 * A secret just made (an API key, a signing secret), shown this once from the action's answer and
 * never stored by the web: the status line, then a panel headed `heading` with what to do (`copy`),
 * the secret under its `label`, and what goes with it (`after`).
 */
export function ShownOncePanel({
  testId,
  status,
  heading,
  copy,
  label,
  secret,
  after,
}: {
  /** The panel's test id; the secret's is `${testId}-text`. */
  testId: string;
  status: string;
  heading: string;
  copy: string;
  label: string;
  secret: string;
  after: ReactNode;
}) {
  const headingId = `${testId}-heading`;
  return (
    <div className="mt-4">
      <StatusMessage>{status}</StatusMessage>
      <section
        aria-labelledby={headingId}
        className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-4"
        data-testid={testId}
      >
        <h2 id={headingId} className="break-all font-semibold text-slate-900">
          {heading}
        </h2>
        <p className="mt-1 text-sm text-slate-800">{copy}</p>
        <p className="mt-3 text-sm font-medium text-slate-900">{label}</p>
        <code className="mt-1 block break-all font-mono text-base text-slate-900" data-testid={`${testId}-text`}>
          {secret}
        </code>
        <p className="mt-3 break-all text-sm text-slate-800">{after}</p>
      </section>
    </div>
  );
}
