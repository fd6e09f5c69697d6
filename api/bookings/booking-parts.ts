import type { CardDetails } from "~contract/bookings/cards";
import { answerLines, storedQuestions, type BookingAnswersOutput } from "~contract/bookings/questions";
import { unpaidBalance } from "~contract/bookings/deposit-rules";
import type { BookingDeposit } from "~contract/bookings/requests";
import type { BookingRow } from "../db/schema";

/**
 * What a booking's row says of its parts, as its view, its emails and the manifest show them: its
 * answers, its deposit, the card its deposit kept (the balance it still owes is a deposit rule:
 * contract/bookings/deposit-rules.ts). Plain functions of the row: the modules that read, mail,
 * refund and fulfil bookings all use them.
 */

/** A booking's tickets, as its answers are judged against them. */
export type Tickets = ReadonlyArray<{ code: string; name: string; quantity: number }>;

/** A booking's questions and answers as every booking answer carries them. */
export function answersView(
  booking: Pick<BookingRow, "questions" | "answers"> & { tickets: Tickets },
): BookingAnswersOutput {
  const questions = storedQuestions.parse(booking.questions);
  const { booking: own, guests } = booking.answers;
  return { questions, booking: own, guests, lines: answerLines(questions, booking.tickets, booking.answers) };
}

/** What a booking's view tells of its deposit (null: paid in full). */
export function depositView(booking: BookingRow): BookingDeposit | null {
  if (!booking.balanceState || booking.depositMinor === null) return null;
  const paid = booking.balanceState === "paid";
  // A booking that no longer stands owes nothing more (a lapsed or cancelled hold keeps its plan).
  const stands = booking.status === "confirmed" || booking.status === "held";
  return {
    depositMinor: booking.depositMinor,
    balanceMinor: booking.balanceMinor,
    paidMinor: booking.totalMinor - booking.giftCardMinor - unpaidBalance(booking),
    dueMinor: paid || booking.balanceState === "cancelled" || !stands ? 0 : booking.balanceMinor,
    balanceDueAt: booking.balanceDueAt!.toISOString(),
    balanceCutoffAt: (booking.balanceCutoffAt ?? booking.balanceDueAt!).toISOString(),
    balanceState: booking.balanceState,
  };
}

/** The card a deposit kept for its balance: the provider's details only (a saved card's row has more). */
export function keptCard(card: CardDetails): CardDetails {
  return {
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    providerRef: card.providerRef,
    providerCustomer: card.providerCustomer ?? null,
  };
}
