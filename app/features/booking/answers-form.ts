import type { BookingAnswersInput } from "~contract/bookings/questions";

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

/** The API's refusals of answers (fields answers.…), as a form shows them; null when there are none. */
export function answerErrors(fields: Record<string, string[]> | undefined): Record<string, string[]> | null {
  const found = Object.entries(fields ?? {}).filter(([name]) => BOOKING.test(name) || GUEST.test(name));
  return found.length ? Object.fromEntries(found) : null;
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
