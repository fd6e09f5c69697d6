/**
 * Booking questions' answers on the API (issue 46, item 1): THE rule (contract/bookings/questions.ts
 * judgeAnswers) applied to a new booking and to its guest's later change, refusing with the one
 * error envelope: each refused answer under its field (answers.guests[1].height), the message
 * naming the guest and the question, and its message code in `details`.
 */
import { eq, sql } from "drizzle-orm";
import {
  guestsOf,
  judgeAnswers,
  storedQuestions,
  type AnswerProblem,
  type BookingAnswers,
  type BookingAnswersInput,
  type BookingQuestion,
} from "~contract/bookings/questions";
import type { BookingView } from "~contract/bookings/requests";
import type { Db } from "../db/client";
import { bookings, slots, users, type AccountRow } from "../db/schema";
import { ApiError, conflict } from "../http/errors";
import { FIELD_MESSAGES } from "../http/field-messages";
import { writeAudit } from "../audit/log";
import type { Tickets } from "./booking-parts";
import { bookingNotFound, getBooking, ownBooking } from "./read";
import { freeCancellationOpenSql } from "./view";

/** Who a problem is about, in words: "Guest 2 (Child)" or "The booking". */
function whose(problem: AnswerProblem, tickets: Tickets): string {
  if (problem.guestNo === null) return "The booking";
  const guest = guestsOf(tickets)[problem.guestNo - 1];
  return `Guest ${problem.guestNo}${guest ? ` (${guest.name})` : ""}`;
}

/**
 * The answers as kept, or 400 validation_error: every problem under its field; the message names
 * the first one's guest and question; `details` its guest number, question and message code.
 */
export function acceptedAnswers(
  questions: readonly BookingQuestion[],
  tickets: Tickets,
  input: BookingAnswersInput | undefined,
): BookingAnswers {
  const { answers, problems } = judgeAnswers(questions, guestsOf(tickets), input);
  if (problems.length === 0) return answers;
  const fields: Record<string, string[]> = {};
  for (const problem of problems) {
    const label = questions.find((question) => question.id === problem.questionId)?.label ?? problem.questionId;
    (fields[problem.field] ??= []).push(`${whose(problem, tickets)}, “${label}”: ${FIELD_MESSAGES[problem.code]}`);
  }
  const [first] = problems;
  const error = new ApiError(400, "validation_error", fields[first.field][0], fields);
  error.details = {
    field: first.field,
    guestNo: first.guestNo ?? 0,
    questionId: first.questionId,
    messageCode: first.code,
  };
  throw error;
}

/**
 * PUT /v1/bookings/{id}/answers: the caller's booking (404 otherwise) that stands (held or
 * confirmed) before its free-cancellation deadline (else 409 answers_closed) takes the new answers,
 * judged against the questions it was asked; the change is an entry of its history (audit log).
 */
export async function changeBookingAnswers(
  db: Db,
  userId: string,
  scope: AccountRow | null,
  id: string,
  input: BookingAnswersInput,
  clientAddress: string,
): Promise<BookingView> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ booking: bookings, open: freeCancellationOpenSql, email: users.email })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(ownBooking(userId, scope, id))
      .for("update", { of: bookings });
    if (!row) throw bookingNotFound();
    const { booking } = row;
    if (!(booking.status === "held" || booking.status === "confirmed") || !row.open)
      throw conflict("The answers to this booking can no longer be changed online.", "answers_closed");
    const answers = acceptedAnswers(storedQuestions.parse(booking.questions), booking.tickets, input);
    if (JSON.stringify(answers) === JSON.stringify(booking.answers)) return;
    await tx
      .update(bookings)
      .set({ answers, updatedAt: sql`app_now()` })
      .where(eq(bookings.id, booking.id));
    await writeAudit(
      tx,
      { accountId: booking.accountId, userId, email: row.email, clientAddress },
      "booking.answers_changed",
      { bookingId: booking.id, before: JSON.stringify(booking.answers), after: JSON.stringify(answers) },
    );
  });
  return getBooking(db, userId, scope, id);
}
