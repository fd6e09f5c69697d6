import { getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { useFormValidation } from "~/ui/use-form-validation";
import { Link, useLoaderData } from "@remix-run/react";
import { WEEKDAYS } from "~contract/time-zones";
import { useTranslation } from "~/platform/i18n-react";
import { dateTimeFormat, formatCalendarDay } from "~/ui/date-format";
import { FieldFrame, fieldAria } from "~/ui/field-frame";
import { SubmitButton } from "~/ui/form-parts";
import { FieldsetFrame } from "~/ui/fieldset-frame";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";
import type { SchedulePageData } from "./schedule-data";
import { CardSection } from "~/ui/labelled-section";
import { IntentForm } from "~/ui/intent-form";

export function ScheduleForm() {
  const { schedule, constraints } = useLoaderData<SchedulePageData>();
  const { t, i18n } = useTranslation();
  const service = schedule.service!;
  const rows = [...schedule.rules, null];
  const [form, fields] = useForm({
    id: "schedule",
    lastResult: useFormResult("schedule"),
    constraint: constraints.schedule,
    defaultValue: {
      salesCutoffMinutes: String(service.salesCutoffMinutes),
      blackouts: schedule.blackouts.map((blackout) => blackout.date).join(", "),
      rules: rows.map((rule) =>
        rule
          ? {
              weekdays: rule.weekdays.map(String),
              times: rule.startTimes.join(", "),
              from: rule.validFrom,
              until: rule.validUntil ?? "",
            }
          : { weekdays: [], times: "", from: "", until: "" },
      ),
    },
    ...useFormValidation(
      () => import("~/features/console/schedule-schemas"),
      (schemas) => schemas.ScheduleSchema,
    ),
  });
  const pending = useIsPending({ intent: "schedule" });
  const ruleFields = fields.rules.getFieldList();
  // What the number typed means, as it is typed (the saved one without JavaScript).
  const typed = Number(fields.salesCutoffMinutes.value ?? service.salesCutoffMinutes);
  const cutoffHint =
    Number.isInteger(typed) && typed > 0
      ? t("schedules.cutoffHintMinutes", { count: typed })
      : t("schedules.cutoffHintNone");
  // 2024-01-01 was a Monday: ISO weekday n is January n (a calendar day, formatted in UTC).
  const weekdayNames = WEEKDAYS.map((day) =>
    dateTimeFormat(i18n.language, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day))),
  );

  return (
    <CardSection
      headingId="schedule-heading"
      heading={t("schedules.weeklyHeading", { service: service.name })}
      className="mt-8"
    >
      <p className="mt-1 text-sm text-slate-700">{t("schedules.weeklyHint", { days: schedule.horizonDays })}</p>
      <p className="mt-1 text-sm text-slate-700" data-testid="schedule-zone">
        {t("schedules.zoneOfExperience", { zone: schedule.experience.timezone })}{" "}
        <Link
          to={`/console/experiences/${encodeURIComponent(schedule.experience.id)}`}
          className="font-medium text-brand-ink underline"
        >
          {t("schedules.zoneWhere")}
        </Link>
      </p>
      <IntentForm meta={form} intent="schedule" values={{ serviceId: service.id }} className="mt-4 space-y-5">
        <FieldFrame
          field={fields.salesCutoffMinutes}
          label={t("schedules.cutoff")}
          hint={cutoffHint}
          hintClassName="text-slate-700"
          hintLive
          className="max-w-xs"
        >
          <input
            {...getInputProps(fields.salesCutoffMinutes, { type: "number", ariaAttributes: false })}
            key={fields.salesCutoffMinutes.key}
            {...fieldAria(fields.salesCutoffMinutes, true)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </FieldFrame>
        {ruleFields.map((ruleField, index) => {
          const rule = ruleField.getFieldset();
          const isNew = index === rows.length - 1;
          return (
            <fieldset key={ruleField.key} className="rounded-lg border border-slate-200 p-3" data-testid="rule">
              <legend className="px-1 text-sm font-semibold text-slate-900">
                {isNew ? t("schedules.newRule") : t("schedules.ruleN", { n: index + 1 })}
              </legend>
              <FieldsetFrame
                field={rule.weekdays}
                legend={t("schedules.weekdays")}
                className="mt-1 flex flex-wrap gap-3"
              >
                {WEEKDAYS.map((day) => (
                  <label key={day} className="flex items-center gap-1 text-sm">
                    <input
                      type="checkbox"
                      name={rule.weekdays.name}
                      value={String(day)}
                      defaultChecked={((rule.weekdays.initialValue as string[] | undefined) ?? []).includes(
                        String(day),
                      )}
                    />
                    {weekdayNames[day - 1]}
                  </label>
                ))}
              </FieldsetFrame>
              <div className="mt-3 grid gap-3 sm:grid-cols-3">
                <TextField
                  field={rule.times as FieldMetadata<string | undefined>}
                  label={t("schedules.times")}
                  hint={t("schedules.timesHint")}
                />
                <TextField
                  type="date"
                  field={rule.from as FieldMetadata<string | undefined>}
                  label={t("schedules.from")}
                />
                <TextField
                  type="date"
                  field={rule.until as FieldMetadata<string | undefined>}
                  label={t("schedules.until")}
                />
              </div>
              {!isNew ? (
                <label className="mt-3 flex items-center gap-2 text-sm">
                  <input type="checkbox" name={rule.remove.name} value="on" />
                  {t("schedules.removeRule")}
                </label>
              ) : null}
            </fieldset>
          );
        })}
        <TextField
          field={fields.blackouts as FieldMetadata<string | undefined>}
          label={t("schedules.blackouts")}
          hint={t("schedules.blackoutsHint")}
        />
        {schedule.blackouts.length ? (
          <p className="text-sm text-slate-700">
            {schedule.blackouts.map((b) => formatCalendarDay(b.date, { locale: i18n.language })).join(" · ")}
          </p>
        ) : null}
        <div className="max-w-xs">
          <SubmitButton pending={pending} label={t("schedules.save")} pendingLabel={t("login.saving")} />
        </div>
      </IntentForm>
    </CardSection>
  );
}

/** What the schedule form starts from, as a key: it changes whenever a save changed any of it. */
export function savedScheduleKey(
  schedule: { rules: Array<{ id: string }>; blackouts: Array<{ date: string }> } & {
    service: { salesCutoffMinutes: number } | null;
    experience: { timezone: string };
  },
) {
  return [
    schedule.rules.map((rule) => rule.id).join(","),
    schedule.blackouts.map((blackout) => blackout.date).join(","),
    schedule.service?.salesCutoffMinutes,
    schedule.experience.timezone,
  ].join("|");
}
