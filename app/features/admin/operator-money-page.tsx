import type { FieldMetadata } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import type { AdminCommission } from "~contract/payouts/money-outputs";
import { toMajorUnits } from "~contract/money";
import { useTranslation } from "~/platform/i18n-react";
import { BackLink } from "~/ui/back-link";
import { Button } from "~/ui/button";
import { CursorPager, listHref } from "~/ui/filter-fields";
import { formatPercent } from "~/ui/format";
import { IntentForm } from "~/ui/intent-form";
import { CardSection } from "~/ui/labelled-section";
import { StatusMessage } from "~/ui/status-message";
import { TextField } from "~/ui/text-field";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIntentForm } from "~/features/console/use-intent-form";
import { BalanceFigures } from "~/features/console/payouts/balance-figures";
import { PayoutsTable } from "~/features/console/payouts/payouts-table";
import { OPERATORS_PATH, operatorMoneyPath } from "./admin-paths";
import type { loadOperatorMoney } from "./money.server";

/** The commission's form: a percentage, empty for the platform's default; it applies to bookings made from now on. */
function CommissionForm({ commission, name }: { commission: AdminCommission; name: string }) {
  const { commissionConstraint } = useLoaderData<typeof loadOperatorMoney>();
  const { t, i18n } = useTranslation();
  const percent = commission.commissionBps === null ? "" : toMajorUnits(commission.commissionBps, 2);
  const [form, fields] = useIntentForm(
    "operator-money",
    "commission",
    commissionConstraint,
    useFormValidation(
      () => import("~/features/admin/admin-schemas"),
      (schemas) => schemas.CommissionSchema,
    ),
    { percent },
    `-${commission.commissionBps ?? "default"}`,
  );
  const rate = (bps: number) => formatPercent(bps / 100, i18n.language);
  return (
    <CardSection headingId="commission-heading" heading={t("admin.money.commissionHeading")} className="mt-6 max-w-xl">
      <p className="mt-1 text-sm text-slate-800" data-testid="commission">
        {commission.commissionBps === null
          ? t("admin.money.commissionIsDefault", { rate: rate(commission.defaultBps) })
          : t("admin.money.commissionIsOwn", {
              rate: rate(commission.commissionBps),
              default: rate(commission.defaultBps),
            })}
      </p>
      <IntentForm intent="commission" meta={form} className="mt-3 space-y-3">
        <TextField
          field={fields.percent as FieldMetadata<string | undefined>}
          label={t("admin.money.percent", { name })}
          hint={t("admin.money.percentHint", { rate: rate(commission.defaultBps) })}
          inputMode="decimal"
          autoComplete="off"
        />
        <Button variant="primary">{t("admin.money.saveCommission")}</Button>
      </IntentForm>
    </CardSection>
  );
}

/** /admin/operators/:accountId: an operator's money as its console shows it, and its commission. */
export function OperatorMoneyPage() {
  const { money, paged, flash, title } = useLoaderData<typeof loadOperatorMoney>();
  const { t } = useTranslation();
  const path = operatorMoneyPath(money.operator.id);
  return (
    <>
      <BackLink to={OPERATORS_PATH}>{t("admin.money.back")}</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <CommissionForm commission={money.commission} name={money.operator.name} />
      <CardSection headingId="balance-heading" heading={t("payouts.balance.heading")} className="mt-6">
        <BalanceFigures balance={money.balance} />
      </CardSection>
      <h2 id="payouts-heading" className="mt-8 text-lg font-semibold text-brand-ink">
        {t("payouts.list.heading")}
      </h2>
      <PayoutsTable
        payouts={money.payouts.items}
        timeZone={money.balance.timeZone}
        caption={t("admin.money.payoutsCaption", { name: money.operator.name })}
        empty={t("payouts.list.empty")}
        testId="payouts"
        linked={false}
      />
      <CursorPager
        label={t("payouts.list.pages")}
        first={paged ? path : null}
        next={money.payouts.nextCursor ? listHref(path, {}, money.payouts.nextCursor) : null}
      />
    </>
  );
}
