import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n-react";

/**
 * Facts as a definition list: each a name (its label the i18n key `${labels}.${name}`) and its
 * value; `children` come first (a fact that is not plain text, such as a status badge).
 */
export function FactList({
  facts,
  labels,
  className,
  testId,
  children,
}: {
  facts: readonly (readonly [string, ReactNode])[];
  labels: string;
  className: string;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <dl className={className} data-testid={testId}>
      {children}
      {facts.map(([name, value]) => (
        <div key={name}>
          <dt className="text-sm text-slate-700">{t(`${labels}.${name}`)}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
