import type { BookingAnswersInput } from "~contract/bookings/questions";
import { isApiError } from "~contract/errors";
import { answerErrors, isAnswerField } from "./answers-form";
import { quoteBooking } from "./booking.server";

/**
 * The pay page's answers the API refused (createBooking's validation_error on answers.… fields),
 * each field's locale key: the quote asked again for the questions and guests it judged them by
 * (answerErrors). Null for any other refusal.
 */
export async function refusedPayAnswers(
  request: Request,
  error: unknown,
  input: Parameters<typeof quoteBooking>[1],
  token: string,
  sent: BookingAnswersInput,
): Promise<Record<string, string[]> | null> {
  if (!isApiError(error, "validation_error") || !Object.keys(error.fields ?? {}).some(isAnswerField)) return null;
  const quote = await quoteBooking(request, input, token);
  return answerErrors(error, quote?.questions ?? [], quote?.guests ?? [], sent);
}
