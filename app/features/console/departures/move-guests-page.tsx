import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { OperatorMovedDeparture } from "~contract/operator/moves";
import type { loadMoveGuestsPage, MoveGuestsAnswer } from "~/features/console/move-guests.server";
import { MoveDepartureSelect } from "~/features/console/move-departure-select";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoment } from "~/ui/date-format";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { HintedChoice } from "~/ui/hinted-choice";
import { CardSection } from "~/ui/labelled-section";
import { StatusMessage } from "~/ui/status-message";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";

/**
 * A departure's guests moved to another departure of its service in one step, or each offered a
 * choice by email; after the POST, what happened: who moved, who did not (and why), who was asked.
 */
export function MoveGuestsPage() {
  const { experience, departure, started, choices, idempotencyKey, title } = useLoaderData<typeof loadMoveGuestsPage>();
  const answer = useActionData<MoveGuestsAnswer>();
  const { t, i18n } = useTranslation();
  const lastResult = useFormResult();
  const [form, fields] = useForm({ id: "move-all", lastResult, shouldValidate: "onSubmit" });
  const pending = useIsPending();
  const when = formatMoment(departure.startsAt, { timeZone: experience.timezone, locale: i18n.language });
  const outcome = answer && "outcome" in answer ? answer.outcome : null;
  return (
    <section>
      <Link
        to={`/console/experiences/${encodeURIComponent(experience.id)}/departures`}
        className="text-sm font-medium text-brand underline"
      >
        {t("desk.move.backToDepartures")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-1 text-sm text-slate-700" data-testid="move-from">
        {experience.title} — {departure.serviceName} · {when} ({experience.timezone}) ·{" "}
        {t("desk.move.bookingsOn", { count: departure.bookings })}
      </p>
      {outcome ? <MoveOutcome outcome={outcome} /> : null}
      {started || departure.status === "cancelled" ? (
        <p className="mt-6 text-sm text-slate-700">{t("desk.move.departureClosed")}</p>
      ) : choices.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700" data-testid="move-none">
          {t("desk.move.noChoices")}
        </p>
      ) : (
        <CardSection headingId="move-all-heading" heading={t("desk.move.allTitle")} className="mt-6 max-w-xl">
          <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
            <FormError errors={form.errors} id={form.errorId} />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <MoveDepartureSelect
              field={fields.toSlotId}
              choices={choices}
              label={t("desk.move.target")}
              hint={t("desk.move.allTargetHint")}
            />
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t("desk.move.mode")}</legend>
              {(["move", "offer"] as const).map((mode) => (
                <HintedChoice
                  key={mode}
                  id={`move-mode-${mode}`}
                  type="radio"
                  name="mode"
                  value={mode}
                  defaultChecked={mode === "move"}
                  label={t(`desk.move.mode_${mode}`)}
                  hint={t(`desk.move.mode_${mode}Hint`)}
                  className="mt-1 flex items-start gap-2"
                  hintClassName="text-xs text-slate-600"
                />
              ))}
            </fieldset>
            <SubmitButton pending={pending} label={t("desk.move.allSubmit")} pendingLabel={t("desk.move.submitting")} />
          </Form>
        </CardSection>
      )}
    </section>
  );
}

type Guest = OperatorMovedDeparture["moved"][number];

/** What the move did, in words and lists (names, references, party sizes). */
function MoveOutcome({ outcome }: { outcome: OperatorMovedDeparture }) {
  const { t, i18n } = useTranslation();
  const to = formatMoment(outcome.to.startsAt, { timeZone: outcome.to.timezone, locale: i18n.language });
  const guest = (row: Guest) => `${row.guestName} · ${row.reference} · ${t("desk.move.seats", { count: row.seats })}`;
  if (outcome.mode === "offer")
    return (
      <div className="mt-4" data-testid="move-outcome">
        <StatusMessage>{t("desk.move.offeredDone", { count: outcome.offered.length })}</StatusMessage>
        <ul className="mt-2 list-disc pl-5 text-sm">
          {outcome.offered.map((row) => (
            <li key={row.bookingId}>
              {guest(row)} — {t(row.link ? "desk.move.offeredLink" : "desk.move.offeredContact")}
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <div className="mt-4" data-testid="move-outcome">
      <StatusMessage>{t("desk.move.movedDone", { count: outcome.moved.length, when: to })}</StatusMessage>
      {outcome.notMoved.length > 0 ? (
        <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="move-not-moved">
          <h2 className="font-semibold">{t("desk.move.notMovedHeading", { count: outcome.notMoved.length })}</h2>
          <ul className="mt-1 list-disc pl-5">
            {outcome.notMoved.map((row) => (
              <li key={row.bookingId}>
                <Link to={`/console/bookings/${row.bookingId}`} className="underline">
                  {guest(row)}
                </Link>{" "}
                — {t(`desk.move.reason_${row.reason}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {outcome.moved.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary>{t("desk.move.movedList")}</summary>
          <ul className="mt-1 list-disc pl-5" data-testid="move-moved">
            {outcome.moved.map((row) => (
              <li key={row.bookingId}>{guest(row)}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
