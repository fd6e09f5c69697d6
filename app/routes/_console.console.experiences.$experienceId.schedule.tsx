import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { WEEKDAYS } from "~contract/time-zones";
import { isScheduleIntent, SCHEDULE_SCHEMAS, splitList } from "~/features/console/console-forms.server";
import { requireConsoleAbility } from "~/features/console/console.server";
import { ExperienceNav } from "~/features/console/experience-nav";
import { apiErrorResult, orNotFound } from "~/platform/api-errors.server";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { passHeaders } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { dateTimeFormat, formatCalendarDay, formatMoment } from "~/ui/date-format";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { pageMeta } from "~/ui/meta";
import { StatusMessage } from "~/ui/status-message";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";

const count = (value: string | null) => (value && /^\d{1,5}$/.test(value) ? Number(value) : null);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [{ api }, t] = await Promise.all([requireConsoleAbility(request, "manageCatalog"), i18next.getFixedT(request)]);
  const url = new URL(request.url);
  const schedule = await orNotFound(
    request,
    api.call("operatorGetSchedule", {
      params: { experienceId: params.experienceId! },
      query: { service: url.searchParams.get("service") ?? undefined },
    }),
  );
  const done = ["created", "removed", "kept"].map((name) => count(url.searchParams.get(name)));
  const outcome = done.every((value) => value !== null)
    ? { created: done[0]!, removed: done[1]!, kept: done[2]! }
    : null;
  return {
    schedule,
    outcome,
    constraints: {
      schedule: getZodConstraint(SCHEDULE_SCHEMAS.schedule),
      oneOff: getZodConstraint(SCHEDULE_SCHEMAS.oneOff),
    },
    title: t("schedules.scheduleTitle", { title: schedule.experience.title }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
export const headers = passHeaders;

/** The schedule form (the whole schedule of one service) or the one-off departure form. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { api } = await requireConsoleAbility(request, "manageCatalog");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!isScheduleIntent(intent)) throw data("Choose one of the page's forms.", { status: 400 });
  const submission = parseWithZod(formData, { schema: SCHEDULE_SCHEMAS[intent] });
  if (submission.status !== "success") return formResult(submission.reply(), { intent });
  const value = submission.value;
  const page = `/console/experiences/${encodeURIComponent(params.experienceId!)}`;
  try {
    if (value.intent === "schedule") {
      const rules = value.rules
        .filter((rule) => !rule.remove && (rule.weekdays?.length || rule.times?.trim()))
        .map((rule) => ({
          weekdays: rule.weekdays ?? [],
          startTimes: splitList(rule.times),
          validFrom: rule.from!,
          validUntil: rule.until || null,
        }));
      const done = await api.call("operatorSetSchedule", {
        params: { serviceId: value.serviceId },
        body: {
          salesCutoffMinutes: value.salesCutoffMinutes,
          rules,
          blackouts: splitList(value.blackouts).map((date) => ({ date, reason: "" })),
        },
      });
      const query = new URLSearchParams({
        service: value.serviceId,
        created: String(done.created),
        removed: String(done.removed),
        kept: String(done.kept),
      });
      return redirect(`${page}/schedule?${query}`);
    }
    const made = await api.call("operatorCreateDeparture", {
      params: { serviceId: value.serviceId },
      body: { date: value.date, time: value.time, ...(value.capacity ? { capacity: value.capacity } : {}) },
    });
    return redirect(`${page}/departures?${new URLSearchParams({ service: value.serviceId, added: made.id })}`);
  } catch (error) {
    return apiErrorResult(error, submission, {
      intent,
      codes: { departure_exists: { field: "time", key: "apiErrors.departure_exists" } },
      fields: {
        date: "schedules.dateInvalid",
        blackouts: "schedules.blackoutsInvalid",
      },
    });
  }
}

export default function SchedulePage() {
  const { schedule, outcome } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const { experience, service } = schedule;
  return (
    <>
      <ExperienceNav experienceId={experience.id} title={experience.title} />
      <h1 className="text-2xl font-bold text-brand-ink">{t("schedules.scheduleTitle", { title: experience.title })}</h1>
      {outcome ? (
        <StatusMessage>
          {[
            t("schedules.created", { count: outcome.created }),
            t("schedules.removed", { count: outcome.removed }),
            outcome.kept ? t("schedules.kept", { count: outcome.kept }) : null,
          ]
            .filter(Boolean)
            .join(" ")}
        </StatusMessage>
      ) : null}
      {schedule.services.length > 1 ? (
        <nav aria-label={t("schedules.servicesLabel")} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {schedule.services.map((item) => (
              <li key={item.id}>
                <Link
                  to={`?service=${encodeURIComponent(item.id)}`}
                  aria-current={item.id === service?.id ? "page" : undefined}
                  className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm aria-[current=page]:border-brand aria-[current=page]:font-semibold"
                >
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {!service ? (
        <p className="mt-6 text-slate-700">{t("schedules.noServices")}</p>
      ) : (
        <>
          {schedule.needsDecision.length ? (
            <section
              aria-labelledby="decide-heading"
              className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4"
            >
              <h2 id="decide-heading" className="text-lg font-semibold text-brand-ink">
                {t("schedules.needsDecision")}
              </h2>
              <p className="mt-1 text-sm text-slate-800">{t("schedules.needsDecisionHint")}</p>
              <ul className="mt-2 list-disc pl-5 text-sm">
                {schedule.needsDecision.map((departure) => (
                  <li key={departure.id}>
                    {formatMoment(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language })} —{" "}
                    {t("schedules.bookingsCount", { count: departure.bookings })}
                  </li>
                ))}
              </ul>
              <Link
                to={`/console/experiences/${encodeURIComponent(experience.id)}/departures?service=${encodeURIComponent(service.id)}`}
                className="mt-2 inline-block font-semibold text-brand-ink underline"
              >
                {t("schedules.decideOnDepartures")}
              </Link>
            </section>
          ) : null}
          {/* A saved change gives the form new defaults: it starts again from them (the new rule's block too). */}
          <ScheduleForm key={`${service.id}:${savedScheduleKey(schedule)}`} />
          <OneOffForm key={`one-off-${service.id}`} />
        </>
      )}
    </>
  );
}

function ScheduleForm() {
  const { schedule, constraints } = useLoaderData<typeof loader>();
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
    <section aria-labelledby="schedule-heading" className="mt-8 rounded-xl border border-slate-200 p-4">
      <h2 id="schedule-heading" className="text-lg font-semibold text-brand-ink">
        {t("schedules.weeklyHeading", { service: service.name })}
      </h2>
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
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-5">
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="serviceId" value={service.id} />
        <div className="max-w-xs">
          <label htmlFor={fields.salesCutoffMinutes.id} className="block text-sm font-medium text-slate-800">
            {t("schedules.cutoff")}
          </label>
          <input
            {...getInputProps(fields.salesCutoffMinutes, { type: "number", ariaAttributes: false })}
            key={fields.salesCutoffMinutes.key}
            aria-invalid={fields.salesCutoffMinutes.errors?.length ? true : undefined}
            aria-describedby={`${fields.salesCutoffMinutes.id}-hint${fields.salesCutoffMinutes.errors?.length ? ` ${fields.salesCutoffMinutes.errorId}` : ""}`}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <p id={`${fields.salesCutoffMinutes.id}-hint`} className="mt-1 text-xs text-slate-700" aria-live="polite">
            {cutoffHint}
          </p>
          <FieldError field={fields.salesCutoffMinutes} />
        </div>
        {ruleFields.map((ruleField, index) => {
          const rule = ruleField.getFieldset();
          const isNew = index === rows.length - 1;
          return (
            <fieldset key={ruleField.key} className="rounded-lg border border-slate-200 p-3" data-testid="rule">
              <legend className="px-1 text-sm font-semibold text-slate-900">
                {isNew ? t("schedules.newRule") : t("schedules.ruleN", { n: index + 1 })}
              </legend>
              <fieldset aria-describedby={rule.weekdays.errors?.length ? rule.weekdays.errorId : undefined}>
                <legend className="text-sm font-medium text-slate-800">{t("schedules.weekdays")}</legend>
                <div className="mt-1 flex flex-wrap gap-3">
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
                </div>
                <FieldError field={rule.weekdays} />
              </fieldset>
              <div className="mt-3 grid gap-3 sm:grid-cols-3">
                <TextField
                  field={rule.times as FieldMetadata<string | undefined>}
                  label={t("schedules.times")}
                  hint={t("schedules.timesHint")}
                />
                <DateField field={rule.from as FieldMetadata<string | undefined>} label={t("schedules.from")} />
                <DateField field={rule.until as FieldMetadata<string | undefined>} label={t("schedules.until")} />
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
      </Form>
    </section>
  );
}

/** What the schedule form starts from, as a key: it changes whenever a save changed any of it. */
function savedScheduleKey(
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

function DateField({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...getInputProps(field, { type: "date", ariaAttributes: false })}
        key={field.key}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
      />
      <FieldError field={field} />
    </div>
  );
}

function OneOffForm() {
  const { schedule, constraints } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const service = schedule.service!;
  const [form, fields] = useForm({
    id: "one-off",
    lastResult: useFormResult("oneOff"),
    constraint: constraints.oneOff,
    ...useFormValidation(
      () => import("~/features/console/schedule-schemas"),
      (schemas) => schemas.OneOffSchema,
    ),
  });
  const pending = useIsPending({ intent: "oneOff" });
  return (
    <section aria-labelledby="one-off-heading" className="mt-8 max-w-xl rounded-xl border border-slate-200 p-4">
      <h2 id="one-off-heading" className="text-lg font-semibold text-brand-ink">
        {t("schedules.oneOffHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("schedules.oneOffHint", { zone: schedule.experience.timezone, capacity: service.capacity })}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="oneOff" />
        <input type="hidden" name="serviceId" value={service.id} />
        <div className="grid gap-3 sm:grid-cols-3">
          <DateField field={fields.date as FieldMetadata<string | undefined>} label={t("schedules.date")} />
          <div>
            <label htmlFor={fields.time.id} className="block text-sm font-medium text-slate-800">
              {t("schedules.time")}
            </label>
            <input
              {...getInputProps(fields.time, { type: "time", ariaAttributes: false })}
              key={fields.time.key}
              aria-invalid={fields.time.errors?.length ? true : undefined}
              aria-describedby={fields.time.errors?.length ? fields.time.errorId : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            />
            <FieldError field={fields.time} />
          </div>
          <div>
            <label htmlFor={fields.capacity.id} className="block text-sm font-medium text-slate-800">
              {t("schedules.capacityOptional")}
            </label>
            <input
              {...getInputProps(fields.capacity, { type: "number", ariaAttributes: false })}
              key={fields.capacity.key}
              aria-invalid={fields.capacity.errors?.length ? true : undefined}
              aria-describedby={fields.capacity.errors?.length ? fields.capacity.errorId : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            />
            <FieldError field={fields.capacity} />
          </div>
        </div>
        <div className="max-w-xs">
          <SubmitButton pending={pending} label={t("schedules.addDeparture")} pendingLabel={t("login.saving")} />
        </div>
      </Form>
    </section>
  );
}
