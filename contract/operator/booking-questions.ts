/** The console's booking questions of an experience (issue 46, item 1): read and set as a whole list. */
import { z } from "zod";
import { bookingQuestionOutput, setBookingQuestionsBody } from "../bookings/questions";
import { domain, endpoint } from "../endpoint";
import { experienceListCall } from "./experience-list-call";

export const operatorBookingQuestions = z.object({
  experience: z.object({ id: z.string(), title: z.string() }),
  /** Its services (a question may be asked for one only) with their ticket types (a condition may name one). */
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      ticketTypes: z.array(z.object({ code: z.string(), name: z.string() })),
    }),
  ),
  questions: z.array(bookingQuestionOutput),
});
export type OperatorBookingQuestions = z.infer<typeof operatorBookingQuestions>;

const bookingQuestionsCall = experienceListCall("booking-questions", operatorBookingQuestions);

export const consoleBookingQuestionsEndpoints = domain("Operator console: booking questions", {
  operatorGetBookingQuestions: endpoint({
    ...bookingQuestionsCall,
    method: "GET",
    summary: "An experience's booking questions, with its services and their ticket types (owner, manager)",
  }),
  operatorSetBookingQuestions: endpoint({
    ...bookingQuestionsCall,
    method: "PUT",
    summary:
      "Set an experience's whole list of booking questions (asked per booking or per guest, required or not, shown on a condition); bookings keep the questions they were asked (owner, manager)",
    body: setBookingQuestionsBody,
    changes: ["catalog"],
  }),
});
