import { eq } from "drizzle-orm";
import type { Db } from "~api/db/client";
import { experiences } from "~api/db/schema";
import { storedQuestions, type BookingAnswersInput } from "~contract/bookings/questions";
import { bookingBody, bookingUser, createSlot, pay, placeBooking, sessionIdOf, type TestService } from "./booking";

/** Booking questions of a kayak tour (issue 46): per guest, one on another answer, one for children, one per booking. */
export const KAYAK_QUESTIONS = [
  { id: "height", label: "Height (cm)", kind: "number", per: "guest", required: true, min: 100, max: 220 },
  { id: "swimmer", label: "Can you swim?", kind: "yesNo", per: "guest", required: true },
  {
    id: "swim_aid",
    label: "Which swim aid?",
    kind: "choice",
    per: "guest",
    required: true,
    options: ["Vest", "Board"],
    showIf: { questionId: "swimmer", equals: "no" },
  },
  {
    id: "child_age",
    label: "Child's age",
    kind: "number",
    per: "guest",
    required: true,
    showIf: { ticketType: "child" },
  },
  { id: "hotel_phone", label: "Phone at your hotel", kind: "phone", per: "booking", required: false },
];

/** Good answers of two adults and a child to KAYAK_QUESTIONS (guest 2 cannot swim; a vest). */
export const KAYAK_ANSWERS: BookingAnswersInput = {
  booking: { hotel_phone: "(555) 123-4567" },
  guests: [
    { height: 180, swimmer: true },
    { height: "165", swimmer: "no", swim_aid: "Vest" },
    { height: 120, swimmer: true, child_age: 8 },
  ],
};

/**
 * The service's experience asks KAYAK_QUESTIONS (set in the database), and a new guest's
 * confirmed booking of two adults and a child answering KAYAK_ANSWERS (paid with the test card).
 */
export async function answeredFamilyBooking(
  db: Db,
  service: TestService,
  slotOptions: Parameters<typeof createSlot>[2] = {},
) {
  await db
    .update(experiences)
    .set({ bookingQuestions: storedQuestions.parse(KAYAK_QUESTIONS) })
    .where(eq(experiences.id, service.experienceId));
  const user = await bookingUser(service);
  const slot = await createSlot(db, service.serviceId, slotOptions);
  const placed = await placeBooking(
    user.idToken,
    bookingBody(service, slot.id, 2, {
      tickets: [
        { ticketTypeId: service.adult.id, quantity: 2 },
        { ticketTypeId: service.child!.id, quantity: 1 },
      ],
      answers: KAYAK_ANSWERS,
    }),
  );
  if (placed.status !== 201) throw new Error(`booking failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  const paid = await pay(sessionIdOf(placed.body.data.checkoutUrl));
  if (paid.status !== 200) throw new Error(`payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  return { user, slot, booking: placed.body.data.booking as { id: string; reference: string } };
}
