import type { ReactNode } from "react";
import type { FormMetadata } from "@conform-to/react";
import type { OperatorService } from "~contract/operator/services";
import { useTranslation } from "~/platform/i18n-react";
import { SubmitButton } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { useIsPending } from "~/ui/use-is-pending";

/**
 * A part of a service's settings under its figures (its deposit, its private sale): a form of its
 * own posting `intent` for the service, named for it (`label`), under a heading and an intro, saved
 * by its button (`save`). `className` adds to its place (a width).
 */
export function ServicePartForm<Schema extends Record<string, unknown>>({
  meta,
  intent,
  service,
  label,
  heading,
  intro,
  save,
  className,
  children,
  ...rest
}: {
  meta: FormMetadata<Schema>;
  intent: string;
  service: OperatorService;
  label: string;
  heading: string;
  intro: string;
  save: string;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
}) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent });
  const place = "mt-6 space-y-3 border-t border-slate-200 pt-4";
  return (
    <IntentForm
      meta={meta}
      intent={intent}
      values={{ serviceId: service.id }}
      className={className ? `${place} ${className}` : place}
      aria-label={label}
      {...rest}
    >
      <h3 className="font-semibold text-brand-ink">{heading}</h3>
      <p className="text-sm text-slate-700">{intro}</p>
      {children}
      <SubmitButton pending={pending} label={save} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}
