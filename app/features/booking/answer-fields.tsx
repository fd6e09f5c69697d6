import type { AnswerValue, BookingQuestion } from "~contract/bookings/questions";
import { useTranslation } from "~/platform/i18n-react";

export interface AnswerGuest {
  guestNo: number;
  code: string;
  name: string;
}

/** A field's name as the API's refusal names it: answers.booking.<id> or answers.guests[<index>].<id>. */
export const answerName = (question: BookingQuestion, guestIndex: number | null) =>
  guestIndex === null ? `answers.booking.${question.id}` : `answers.guests[${guestIndex}].${question.id}`;

/**
 * The booking questions as form fields (issue 46, item 1), without JavaScript: the booking's, then
 * a block per guest (its ticket type's questions only); each with its error next to it (which
 * names the guest). Questions shown on another answer are asked with that condition in words.
 */
export function AnswerFields({
  questions,
  guests,
  errors,
  values,
}: {
  questions: readonly BookingQuestion[];
  guests: readonly AnswerGuest[];
  errors?: Record<string, string[] | null | undefined> | null;
  values?: (name: string) => AnswerValue | undefined;
}) {
  const { t } = useTranslation();
  const forBooking = questions.filter((question) => question.per === "booking");
  const forGuests = questions.filter((question) => question.per === "guest");
  if (questions.length === 0) return null;
  // A refusal (a locale key) in the page's words, naming the guest (or the booking) and the question.
  const refusal = (question: BookingQuestion, guestIndex: number | null) => {
    const key = errors?.[answerName(question, guestIndex)]?.[0];
    if (!key) return undefined;
    const guest = guestIndex === null ? undefined : guests[guestIndex];
    const who = guest
      ? t("questions.guest", { number: guest.guestNo, ticket: guest.name })
      : t("questions.bookingAnswers");
    return t("questions.refused", { who, question: question.label, message: t(key) });
  };
  const field = (question: BookingQuestion, guestIndex: number | null) => (
    <AnswerField
      key={answerName(question, guestIndex)}
      question={question}
      name={answerName(question, guestIndex)}
      error={refusal(question, guestIndex)}
      value={values?.(answerName(question, guestIndex))}
      condition={conditionText(question, questions, t)}
    />
  );
  return (
    <div className="mb-4 space-y-4" data-testid="booking-questions">
      {forBooking.length ? (
        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold">{t("questions.bookingAnswers")}</legend>
          {forBooking.map((question) => field(question, null))}
        </fieldset>
      ) : null}
      {forGuests.length
        ? guests.map((guest, index) => {
            const asked = forGuests.filter((question) => {
              const condition = question.showIf;
              return !(condition && "ticketType" in condition && condition.ticketType !== guest.code);
            });
            return asked.length ? (
              <fieldset
                key={guest.guestNo}
                className="rounded-xl border border-slate-200 p-4"
                data-testid="guest-answers"
              >
                <legend className="px-1 text-sm font-semibold">
                  {t("questions.guest", { number: guest.guestNo, ticket: guest.name })}
                </legend>
                {asked.map((question) => field(question, index))}
              </fieldset>
            ) : null;
          })
        : null}
    </div>
  );
}

function conditionText(
  question: BookingQuestion,
  questions: readonly BookingQuestion[],
  t: ReturnType<typeof useTranslation>["t"],
): string | null {
  const condition = question.showIf;
  if (!condition || !("questionId" in condition)) return null;
  const other = questions.find((one) => one.id === condition.questionId);
  return other ? t("questions.whenAnswer", { question: other.label, answer: condition.equals }) : null;
}

function AnswerField({
  question,
  name,
  error,
  value,
  condition,
}: {
  question: BookingQuestion;
  name: string;
  error?: string;
  value?: AnswerValue;
  condition: string | null;
}) {
  const { t } = useTranslation();
  const id = `field-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const describedBy = [condition ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const common = {
    id,
    name,
    // A question asked on a condition cannot be required by the browser: the API judges it.
    required: question.required && !question.showIf ? true : undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: `mt-1 block w-full rounded-md border px-3 py-2 text-base ${error ? "border-red-600" : "border-slate-300"}`,
  };
  const text = value === undefined ? undefined : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
  const control = (() => {
    switch (question.kind) {
      case "longText":
        return <textarea {...common} rows={3} defaultValue={text} maxLength={2000} />;
      case "yesNo":
      case "choice": {
        const options =
          question.kind === "yesNo"
            ? [
                { value: "yes", label: t("questions.yes") },
                { value: "no", label: t("questions.no") },
              ]
            : question.options.map((option) => ({ value: option, label: option }));
        return (
          <select {...common} defaultValue={text ?? ""}>
            <option value="">{t("questions.choose")}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        );
      }
      case "number":
        return (
          <input
            {...common}
            type="number"
            step="any"
            min={question.min ?? undefined}
            max={question.max ?? undefined}
            defaultValue={text}
          />
        );
      case "date":
        return <input {...common} type="date" defaultValue={text} />;
      case "phone":
        return <input {...common} type="tel" inputMode="tel" autoComplete="tel-national" defaultValue={text} />;
      default:
        return <input {...common} type="text" maxLength={200} defaultValue={text} />;
    }
  })();
  return (
    <div className="mt-3 first:mt-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {question.label}
        {question.required ? "" : ` ${t("questions.optionalMark")}`}
      </label>
      {control}
      {condition ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {condition}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
