/**
 * Booking questions (issue 46, item 1): what an operator asks at checkout, per booking or per
 * guest, and THE rule that judges the answers (the API's createBooking and the traveller's change
 * of answers both call judgeAnswers; the pay page shows what it refuses next to the field).
 *
 * Guests are numbered by ticket in the booking's order (its ticket lines, each line's quantity in
 * turn): guest 1 is the first line's first ticket, as on the manifest. In a body, guest N's answers
 * are `answers.guests[N - 1]`; a refusal names the field so (`answers.guests[1].height`), as the
 * pay page's form names it.
 */
import { z } from "zod";
import { catalogId, requiredLine, said, type FieldMessageCode } from "../fields";
import { MAX_SEATS } from "./limits";
import { TICKET_CODE } from "../operator/service-limits";
import {
  judgeAnswers,
  MAX_LINE_ANSWER,
  MAX_LONG_ANSWER,
  MAX_MAGNITUDE,
  MAX_QUESTION_OPTIONS,
  MAX_QUESTIONS,
  QUESTION_ID,
  QUESTION_KINDS,
  QUESTION_SCOPES,
} from "./question-rules";

export * from "./question-rules";

const questionId = z
  .string({ invalid_type_error: said("questionId.invalid") })
  .regex(QUESTION_ID, said("questionId.invalid"));

const bound = z
  .number({ invalid_type_error: said("question.range") })
  .finite(said("question.range"))
  .min(-MAX_MAGNITUDE, said("question.range"))
  .max(MAX_MAGNITUDE, said("question.range"))
  .nullable()
  .default(null);

/** Shown only when another (earlier) question's answer is `equals` ("yes"/"no" for a yes/no one), or for one ticket type. */
const showIf = z
  .union(
    [
      z.object({ questionId, equals: requiredLine("question.showIf", MAX_LINE_ANSWER) }).strict(),
      z.object({ ticketType: z.string().regex(TICKET_CODE, said("ticketCode.invalid")) }).strict(),
    ],
    { errorMap: () => ({ message: said("question.showIf") }) },
  )
  .nullable()
  .default(null);

/** One question as the operator sends it (PUT …/booking-questions); without an id, one is made from its label. */
export const bookingQuestionInput = z
  .object({
    id: questionId.optional(),
    label: requiredLine("question.label", MAX_LINE_ANSWER),
    kind: z.enum(QUESTION_KINDS, { errorMap: () => ({ message: said("question.kind") }) }),
    per: z.enum(QUESTION_SCOPES, { errorMap: () => ({ message: said("question.per") }) }),
    required: z.boolean({ invalid_type_error: said("boolean.invalid") }).default(false),
    /** Asked only for this service of the experience (null: every service). */
    serviceId: catalogId.nullable().default(null),
    /** A number question's range (either may be null). */
    min: bound,
    max: bound,
    /** A "one of a list" question's choices. */
    options: z
      .array(requiredLine("question.option", 80), { invalid_type_error: said("question.options") })
      .max(MAX_QUESTION_OPTIONS, said("question.options"))
      .default([]),
    showIf,
  })
  .strict();

/** A question as stored and answered: always with its id. */
export const bookingQuestion = bookingQuestionInput.extend({ id: questionId });
export type BookingQuestion = z.output<typeof bookingQuestion>;

/** A question as the API answers it (every field there). */
export const bookingQuestionOutput = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  per: z.enum(QUESTION_SCOPES),
  required: z.boolean(),
  serviceId: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  options: z.array(z.string()),
  showIf: z
    .union([z.object({ questionId: z.string(), equals: z.string() }), z.object({ ticketType: z.string() })])
    .nullable(),
}) satisfies z.ZodType<BookingQuestion>;
export type BookingQuestionInput = z.input<typeof bookingQuestionInput>;

type Issue = { path: Array<string | number>; message: FieldMessageCode };

/** What a list of questions must hold together: ids once, conditions on earlier questions that can be seen. */
function listIssues(questions: ReadonlyArray<z.output<typeof bookingQuestionInput>>): Issue[] {
  const issues: Issue[] = [];
  const earlier = new Map<string, z.output<typeof bookingQuestionInput>>();
  questions.forEach((question, index) => {
    const at = (field: string, message: FieldMessageCode) => issues.push({ path: [index, field], message });
    if (question.id && earlier.has(question.id)) at("id", "question.duplicate");
    if (question.kind === "choice" ? question.options.length < 2 : question.options.length > 0)
      at("options", "question.options");
    if (question.kind !== "number" && (question.min !== null || question.max !== null)) at("min", "question.range");
    if (question.min !== null && question.max !== null && question.min > question.max) at("max", "question.range");
    const condition = question.showIf;
    if (condition && "ticketType" in condition && question.per !== "guest") at("showIf", "question.showIf");
    if (condition && "questionId" in condition) {
      const other = earlier.get(condition.questionId);
      // An earlier question, asked wherever this one is, and of the booking when this one is.
      const fits =
        other &&
        (other.per === "booking" || question.per === "guest") &&
        (other.serviceId === null || other.serviceId === question.serviceId) &&
        (other.kind !== "yesNo" || ["yes", "no"].includes(condition.equals)) &&
        (other.kind !== "choice" || other.options.includes(condition.equals));
      if (!fits) at("showIf", "question.showIf");
    }
    if (question.id) earlier.set(question.id, question);
  });
  return issues;
}

/** PUT /v1/operator/experiences/{experienceId}/booking-questions: the whole list, in the order asked. */
export const setBookingQuestionsBody = z
  .object({
    questions: z
      .array(bookingQuestionInput, { invalid_type_error: said("question.tooMany") })
      .max(MAX_QUESTIONS, said("question.tooMany")),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const issue of listIssues(body.questions))
      ctx.addIssue({ code: "custom", path: ["questions", ...issue.path], message: said(issue.message) });
  });
export type SetBookingQuestionsBody = z.output<typeof setBookingQuestionsBody>;

/** A stored list (the experience's, a booking's snapshot): read back through the same schema. */
export const storedQuestions = z.array(bookingQuestion);

/** An answer as sent: text, a number, or yes/no (true/false, or "yes"/"no" as a form sends it). */
const answerValue = z.union([z.string().max(MAX_LONG_ANSWER, said("text.tooLong")), z.number(), z.boolean()], {
  errorMap: () => ({ message: said("answer.invalid") }),
});
const answerSet = z
  .record(questionId, answerValue, { invalid_type_error: said("object.invalid") })
  .refine((set) => Object.keys(set).length <= MAX_QUESTIONS, said("question.tooMany"));

/** createBooking's and changeBookingAnswers' `answers`: the booking's, and each guest's in guest order. */
export const bookingAnswersInput = z
  .object({
    booking: answerSet.default({}),
    guests: z
      .array(answerSet, { invalid_type_error: said("object.invalid") })
      .max(MAX_SEATS, said("seats.tooMany"))
      .default([]),
  })
  .strict();
export type BookingAnswersInput = z.output<typeof bookingAnswersInput>;

const keptAnswer = z.union([z.string(), z.number(), z.boolean()]);
export const bookingAnswersOutput = z.object({
  /** The questions as they were asked when it was booked (later changes of the operator's list do not touch them). */
  questions: z.array(bookingQuestionOutput),
  booking: z.record(keptAnswer),
  guests: z.array(z.record(keptAnswer)),
  lines: z.array(
    z.object({
      guestNo: z.number().int().positive().nullable(),
      ticketName: z.string().nullable(),
      questionId: z.string(),
      label: z.string(),
      kind: z.enum(QUESTION_KINDS),
      value: keptAnswer,
    }),
  ),
});
export type BookingAnswersOutput = z.infer<typeof bookingAnswersOutput>;

/** The answers to these questions of these guests as one zod schema (THE rule's problems as its issues, by code). */
export const answersSchema = (questions: readonly BookingQuestion[], guests: ReadonlyArray<{ code: string }>) =>
  bookingAnswersInput.superRefine((input, ctx) => {
    for (const problem of judgeAnswers(questions, guests, input).problems)
      ctx.addIssue({ code: "custom", path: [problem.field], message: said(problem.code) });
  });
