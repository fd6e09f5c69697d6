import type { BookingAnswersInput, BookingQuestion } from "~contract/bookings/questions";
import { judgeAnswers } from "~contract/bookings/question-rules";
import type { ApiError } from "~contract/errors";
import { FIELD_MESSAGE_KEYS, fieldMessageKey } from "~/platform/field-message-keys";

const BOOKING = /^answers\.booking\.([a-z][a-z0-9_]{0,31})$/;
const GUEST = /^answers\.guests\[(\d{1,2})\]\.([a-z][a-z0-9_]{0,31})$/;

/**
 * The answers a form sent (AnswerFields' names), as createBooking and changeBookingAnswers take
 * them: text as typed (the API judges and keeps each kind); an empty field is no answer.
 */
export function answersFromForm(formData: FormData): BookingAnswersInput {
  const answers: BookingAnswersInput = { booking: {}, guests: [] };
  for (const [name, value] of formData) {
    if (typeof value !== "string" || value.trim() === "") continue;
    const booking = BOOKING.exec(name);
    if (booking) answers.booking[booking[1]] = value;
    const guest = GUEST.exec(name);
    if (guest && Number(guest[1]) < 20) {
      const index = Number(guest[1]);
      while (answers.guests.length <= index) answers.guests.push({});
      answers.guests[index][guest[2]] = value;
    }
  }
  return answers;
}

/** A field of AnswerFields (answers.booking.<id>, answers.guests[<index>].<id>). */
export const isAnswerField = (name: string) => BOOKING.test(name) || GUEST.test(name);

/**
 * The API's refusal of answers (a validation_error naming fields answers.…) as a form shows it: each
 * field's locale key (never the API's English), by THE rule's code for it (judgeAnswers again, on
 * the questions the page showed: the same rule gives the same problems), else the code the API
 * gave for its first field, else a general one. Null when the API refused no answer.
 */
export function answerErrors(
  error: ApiError,
  questions: readonly BookingQuestion[],
  guests: ReadonlyArray<{ code: string }>,
  sent: BookingAnswersInput,
): Record<string, string[]> | null {
  if (error.code !== "validation_error") return null;
  const names = Object.keys(error.fields ?? {}).filter(isAnswerField);
  if (names.length === 0) return null;
  const codes = new Map(judgeAnswers(questions, guests, sent).problems.map((problem) => [problem.field, problem.code]));
  const { field, messageCode } = error.details ?? {};
  const codeOf = (name: string) =>
    codes.get(name) ??
    (name === field && typeof messageCode === "string" && Object.hasOwn(FIELD_MESSAGE_KEYS, messageCode)
      ? messageCode
      : "answer.invalid");
  return Object.fromEntries(names.map((name) => [name, [fieldMessageKey(codeOf(name))]]));
}

/** What a field was sent as, from a form's answered-again values (conform's nested initialValue). */
export function sentAnswer(initial: unknown, name: string): string | undefined {
  let value: unknown = initial;
  for (const part of name.split(/[.[\]]+/).filter(Boolean)) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === "string" ? value : undefined;
}
