import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useFormResult } from "~/ui/use-form-result";
import { useTranslation } from "~/platform/i18n-react";
import { useIsPending } from "~/ui/use-is-pending";
import { SubmitButton } from "~/ui/form-parts";
import { formatMoney } from "~/ui/format";
import { dayLabel, slotTime, type AvailabilityDay } from "~/features/booking/availability";
import { DayChooser } from "~/features/booking/day-chooser";
import { takeTimesFocus } from "~/features/booking/times-focus";
import type { loadReschedule } from "~/features/account/reschedule.server";

/** The day, then the time to move to (each with the price difference), as one native form. */
export function RescheduleChoice() {
  const { booking, choices, day, hasDepartures, today, difference, idempotencyKey } =
    useLoaderData<typeof loadReschedule>();
  const lastResult = useFormResult();
  const pending = useIsPending();
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  const fieldError = lastResult?.error?.slotId?.[0];
  const priceNote =
    difference === 0
      ? t("reschedule.sameprice")
      : difference > 0
        ? t("reschedule.dearer", { amount: money(difference) })
        : t("reschedule.cheaper", { amount: money(-difference) });
  return !hasDepartures || !choices ? (
    <p className="text-sm text-slate-700">{t("reschedule.noDepartures")}</p>
  ) : (
    <>
      <section aria-labelledby="reschedule-day-heading">
        <h2 id="reschedule-day-heading" className="text-lg font-semibold">
          {t("reschedule.chooseDay")}
        </h2>
        <DayChooser availability={choices} selected={day?.date ?? null} today={today} />
      </section>
      {day ? (
        <Form method="post" className="space-y-4" aria-describedby={fieldError ? "slot-error" : undefined}>
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="currentStartsAt" value={booking.startsAt} />
          <DayTimes day={day} timezone={booking.timezone} error={fieldError} priceNote={priceNote} />
          <SubmitButton pending={pending} label={t("reschedule.submit")} pendingLabel={t("reschedule.moving")} />
        </Form>
      ) : (
        <p className="text-sm text-slate-700" data-testid="reschedule-choose-day">
          {t("reschedule.chooseDayFirst")}
        </p>
      )}
    </>
  );
}

/** The chosen day's departures as radio buttons, in the experience's zone (named); focused when a day is picked. */
function DayTimes({
  day,
  timezone,
  error,
  priceNote,
}: {
  day: AvailabilityDay;
  timezone: string;
  error: string | undefined;
  priceNote: string;
}) {
  const { t, i18n } = useTranslation();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (takeTimesFocus()) fieldset.current?.focus();
  }, []);
  return (
    <fieldset ref={fieldset} id="times" tabIndex={-1} className="scroll-mt-4 space-y-2 focus:outline-none">
      <legend className="text-lg font-semibold">
        {t("reschedule.departuresOn", { date: dayLabel(day.date, i18n.language) })}
      </legend>
      {error ? (
        <p id="slot-error" className="text-sm text-red-700">
          {t(error)}
        </p>
      ) : null}
      {day.slots.map((slot) => (
        <label key={slot.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm">
          <input type="radio" name="slotId" value={slot.id} required />
          <span>
            <time dateTime={slot.startsAt}>{slotTime(slot.startsAt, timezone, i18n.language, { zone: true })}</time> ·{" "}
            {t("reschedule.seatsLeft", { count: slot.seatsLeft })} · {priceNote}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
