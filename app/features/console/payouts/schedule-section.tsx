import type { FieldMetadata } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import { minorUnitDigits, toMajorUnits } from "~contract/money";
import { MAX_HOLD_DAYS, MAX_MONTHLY_PAYOUT_DAY, PAYOUT_INTERVALS } from "~contract/payouts/schedule-rules";
import type { PayoutSchedule } from "~contract/payouts/money-outputs";
import { WEEKDAYS } from "~contract/time-zones";
import { useTranslation } from "~/platform/i18n-react";
import { dateTimeFormat } from "~/ui/date-format";
import { formVersion } from "~/ui/form-version";
import { SubmitButton } from "~/ui/form-parts";
import { formatMoney } from "~/ui/format";
import { IntentForm } from "~/ui/intent-form";
import { CardSection } from "~/ui/labelled-section";
import { SelectField } from "~/ui/select-field";
import { TextField } from "~/ui/text-field";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { useIntentForm } from "../use-intent-form";
import { FactList } from "./fact-list";
import type { PayoutsPageData } from "./payouts-data";

/** The weekdays' names (1 = Monday … 7 = Sunday) in the page's language. */
function useWeekdayNames(): string[] {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { weekday: "long", timeZone: "UTC" });
  // 1 January 2024 was a Monday.
  return WEEKDAYS.map((day) => format.format(new Date(Date.UTC(2024, 0, day))));
}

/** How often the schedule pays out, in words: "Every day", "Every Friday", "On day 15 of each month". */
function useIntervalWords(schedule: Pick<PayoutSchedule, "interval" | "day">): string {
  const { t } = useTranslation();
  const weekdays = useWeekdayNames();
  if (schedule.interval === "daily") return t("payouts.schedule.everyDay");
  if (schedule.interval === "weekly") return t("payouts.schedule.everyWeek", { weekday: weekdays[schedule.day - 1] });
  return t("payouts.schedule.everyMonth", { day: schedule.day });
}

/**
 * The payout schedule: the owner's form (how often, the minimum, the hold after each departure;
 * works without JavaScript), or, for a manager, what it is. Without a payout account the defaults
 * apply and the form says it needs one first.
 */
export function ScheduleSection() {
  const { balance, canManage } = useLoaderData<PayoutsPageData>();
  const { t } = useTranslation();
  return (
    <CardSection headingId="schedule-heading" heading={t("payouts.schedule.heading")} className="mt-8">
      <ScheduleFacts schedule={balance.schedule} currency={balance.currency} />
      {canManage ? (
        <ScheduleForm schedule={balance.schedule} currency={balance.currency} />
      ) : (
        <p className="mt-3 text-sm text-slate-700">{t("payouts.schedule.ownerOnly")}</p>
      )}
    </CardSection>
  );
}

function ScheduleFacts({ schedule, currency }: { schedule: PayoutSchedule; currency: string }) {
  const { t, i18n } = useTranslation();
  const facts = [
    ["interval", useIntervalWords(schedule)],
    ["minimum", formatMoney(schedule.minimumMinor, currency, i18n.language)],
    ["hold", t("payouts.schedule.holdDays", { count: schedule.holdDays })],
  ] as const;
  return (
    <>
      <FactList
        facts={facts}
        labels="payouts.schedule"
        className="mt-3 grid gap-3 sm:grid-cols-3"
        testId="payout-schedule"
      />
      {schedule.payoutAccount ? null : <p className="mt-3 text-sm text-slate-700">{t("payouts.schedule.defaults")}</p>}
    </>
  );
}

function ScheduleForm({ schedule, currency }: { schedule: PayoutSchedule; currency: string }) {
  const { constraints } = useLoaderData<PayoutsPageData>();
  const { t } = useTranslation();
  const weekdays = useWeekdayNames();
  const defaults = {
    interval: schedule.interval,
    weekday: String(schedule.interval === "weekly" ? schedule.day : 1),
    monthDay: String(schedule.interval === "monthly" ? schedule.day : 1),
    minimum: toMajorUnits(schedule.minimumMinor, minorUnitDigits(currency)),
    holdDays: String(schedule.holdDays),
  };
  const [form, fields] = useIntentForm(
    "payouts",
    "schedule",
    constraints.schedule,
    useFormValidation(
      () => import("~/features/console/payouts/payout-schedule-schemas"),
      (schemas) => schemas.ScheduleSchema,
    ),
    defaults,
    // Once saved, the form starts again from what is saved.
    `-${formVersion(Object.values(defaults))}`,
  );
  const pending = useIsPending({ intent: "schedule" });
  const field = (name: keyof typeof defaults) => fields[name] as FieldMetadata<string | undefined>;
  const days = (count: number, from: number) =>
    Array.from({ length: count }, (_, index) => String(index + from)).map((value) => ({ value, label: value }));
  return (
    <IntentForm meta={form} intent="schedule" className="mt-4 max-w-md space-y-4" data-testid="schedule-form">
      <h3 className="font-semibold text-slate-900">{t("payouts.schedule.change")}</h3>
      <SelectField
        field={field("interval")}
        label={t("payouts.schedule.interval")}
        options={PAYOUT_INTERVALS.map((interval) => ({ value: interval, label: t(`payouts.schedule.${interval}`) }))}
      />
      <SelectField
        field={field("weekday")}
        label={t("payouts.schedule.weekday")}
        hint={t("payouts.schedule.weekdayHint")}
        options={weekdays.map((name, index) => ({ value: String(index + 1), label: name }))}
      />
      <SelectField
        field={field("monthDay")}
        label={t("payouts.schedule.monthDay")}
        hint={t("payouts.schedule.monthDayHint", { last: MAX_MONTHLY_PAYOUT_DAY })}
        options={days(MAX_MONTHLY_PAYOUT_DAY, 1)}
      />
      <TextField
        field={field("minimum")}
        label={t("payouts.schedule.minimumIn", { currency })}
        hint={t("payouts.schedule.minimumHint")}
        inputMode="decimal"
        autoComplete="off"
      />
      <SelectField
        field={field("holdDays")}
        label={t("payouts.schedule.hold")}
        hint={t("payouts.schedule.holdHint")}
        options={days(MAX_HOLD_DAYS + 1, 0).map(({ value }) => ({
          value,
          label: t("payouts.schedule.holdDays", { count: Number(value) }),
        }))}
      />
      <SubmitButton pending={pending} label={t("payouts.schedule.save")} pendingLabel={t("console.saving")} />
    </IntentForm>
  );
}
