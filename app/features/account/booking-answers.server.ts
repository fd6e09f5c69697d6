import { guestsOf } from "~contract/bookings/questions";
import { isApiError } from "~contract/errors";
import type { apiFor } from "~/platform/api.server";
import { apiErrorResult, orNone, type Replyable } from "~/platform/api-errors.server";
import { setFlash } from "~/platform/flash.server";
import { formResult } from "~/platform/form-result.server";
import { redirect } from "~/platform/redirect.server";
import { answerErrors, answersFromForm } from "~/features/booking/answers-form";
import { ANSWERS_INTENT } from "./booking-answers";

/**
 * The booking page's "Save the answers" (intent `answers`): all the answers the form sent, to
 * changeBookingAnswers (which judges them by THE rule against the questions the booking was asked).
 * A refused answer is shown on its field in the page's words (answerErrors, on the booking's
 * questions); any other refusal (409 answers_closed after the deadline, 404) is the form's message.
 */
export async function changeAnswers(
  api: ReturnType<typeof apiFor>,
  bookingId: string,
  formData: FormData,
  submission: Replyable,
  page: string,
) {
  const sent = answersFromForm(formData);
  try {
    await api.call("changeBookingAnswers", { params: { id: bookingId }, body: { answers: sent } });
  } catch (error) {
    if (isApiError(error, "validation_error")) {
      const booking = await orNone(api.call("booking", { params: { id: bookingId } }));
      const asked = booking ? { questions: booking.answers.questions, guests: guestsOf(booking.tickets) } : null;
      const fieldErrors = answerErrors(error, asked?.questions ?? [], asked?.guests ?? [], sent);
      if (fieldErrors) return formResult(submission.reply({ fieldErrors }), { intent: ANSWERS_INTENT });
    }
    return apiErrorResult(error, submission, { intent: ANSWERS_INTENT });
  }
  return redirect(page, { headers: { "Set-Cookie": await setFlash("questions.changed") } });
}
