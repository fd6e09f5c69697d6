import { useForm } from "@conform-to/react";
import { guestsOf, type AnswerValue } from "~contract/bookings/question-rules";
import type { Booking } from "~/features/booking/bookings";
import { AnswerFields, type AnswerGuest } from "~/features/booking/answer-fields";
import { AnswerList } from "~/features/booking/answer-list";
import { sentAnswer } from "~/features/booking/answers-form";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoment } from "~/ui/date-format";
import { SubmitButton } from "~/ui/form-parts";
import { IntentForm } from "~/ui/intent-form";
import { CardSection } from "~/ui/labelled-section";
import { AlertMessage } from "~/ui/status-message";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";

/** The intent of the form that changes the answers (the booking page's action). */
export const ANSWERS_INTENT = "answers";

/** The answer a field holds now: the booking's kept one (answers.booking.<id>, answers.guests[<i>].<id>). */
function keptAnswer(booking: Booking, name: string): AnswerValue | undefined {
  const guest = /^answers\.guests\[(\d+)\]\.(\w+)$/.exec(name);
  if (guest) return booking.answers.guests[Number(guest[1])]?.[guest[2]];
  const own = /^answers\.booking\.(\w+)$/.exec(name);
  return own ? booking.answers.booking[own[1]] : undefined;
}

/**
 * The booking's questions and answers (issue 46, item 1): the answers given, and while it may
 * (`canChangeAnswers`: before the free-cancellation deadline) the form that changes them, without
 * JavaScript; a refused answer is shown next to its field naming the guest. A refusal of the whole
 * form (the deadline passed meanwhile) is said here, with or without the form.
 */
export function BookingAnswers({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation();
  const lastResult = useFormResult(ANSWERS_INTENT);
  const [form] = useForm({ id: "answers", lastResult, shouldValidate: "onSubmit" });
  const pending = useIsPending({ intent: ANSWERS_INTENT });
  const { questions, lines } = booking.answers;
  if (questions.length === 0) return null;
  const guests: AnswerGuest[] = guestsOf(booking.tickets).map((guest, index) => ({ guestNo: index + 1, ...guest }));
  const refused = lastResult?.error?.[""]?.[0];
  return (
    <CardSection headingId="answers-heading" plainHeading heading={t("questions.answersHeading")}>
      <div data-testid="booking-answers">
        {lines.length ? <AnswerList lines={lines} /> : <p className="mt-1 text-sm">{t("questions.noAnswers")}</p>}
      </div>
      {booking.canChangeAnswers ? (
        <section aria-labelledby="answers-change-heading" className="mt-4">
          <h3 id="answers-change-heading" className="font-semibold">
            {t("questions.changeHeading")}
          </h3>
          {booking.freeCancellationUntil ? (
            <p className="mt-1 text-sm text-slate-700">
              {t("questions.changeUntil", {
                date: formatMoment(booking.freeCancellationUntil, {
                  timeZone: booking.timezone,
                  locale: i18n.language,
                }),
              })}
            </p>
          ) : null}
          <IntentForm intent={ANSWERS_INTENT} meta={form} className="mt-3" data-testid="answers-form">
            <AnswerFields
              questions={questions}
              guests={guests}
              errors={lastResult?.error}
              values={(name) => (lastResult ? sentAnswer(lastResult.initialValue, name) : keptAnswer(booking, name))}
            />
            <SubmitButton pending={pending} label={t("questions.change")} pendingLabel={t("questions.saving")} />
          </IntentForm>
        </section>
      ) : refused ? (
        <AlertMessage className="mt-3">{t(refused)}</AlertMessage>
      ) : null}
    </CardSection>
  );
}
