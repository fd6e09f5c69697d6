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
import { catalogId, requiredLine, said, usPhoneNumber, type FieldMessageCode } from "../fields";
import { isMultiLineText, isSingleLineText } from "../text";
import { MAX_SEATS } from "./limits";
import { TICKET_CODE } from "../operator/service-limits";

export const QUESTION_KINDS = ["text", "longText", "number", "yesNo", "choice", "date", "phone"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_SCOPES = ["booking", "guest"] as const;

export const MAX_QUESTIONS = 30;
export const MAX_QUESTION_OPTIONS = 20;
/** The longest answer of a one-line question and of a long-text one. */
export const MAX_LINE_ANSWER = 200;
export const MAX_LONG_ANSWER = 2000;
/** A number question's bounds and answers stay within these. */
const MAX_MAGNITUDE = 1_000_000_000;

/** A question's id: lower case, digits and _ (made from its label when the operator gives none). */
export const QUESTION_ID = /^[a-z][a-z0-9_]{0,31}$/;
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

/** A kept answer: text (dates YYYY-MM-DD, phones +1 and 10 digits), a number or yes/no. */
export type AnswerValue = string | number | boolean;
export interface BookingAnswers {
  booking: Record<string, AnswerValue>;
  guests: Array<Record<string, AnswerValue>>;
}
export const NO_ANSWERS: BookingAnswers = { booking: {}, guests: [] };

/** A booking's guests in order: each one's ticket type (code and name). */
export function guestsOf(tickets: ReadonlyArray<{ code: string; name: string; quantity: number }>) {
  return tickets.flatMap((line) => Array.from({ length: line.quantity }, () => ({ code: line.code, name: line.name })));
}

/** The questions asked when booking this service (the experience's for every service, and its own). */
export const questionsFor = (questions: readonly BookingQuestion[], serviceId: string) =>
  questions.filter((question) => question.serviceId === null || question.serviceId === serviceId);

/** The text an answer is compared with by a condition. */
const conditionText = (value: AnswerValue | undefined) =>
  value === undefined ? undefined : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);

/** One refused answer: the field (as the form names it), the guest (null: the booking's), the question, why. */
export interface AnswerProblem {
  field: string;
  guestNo: number | null;
  questionId: string;
  code: FieldMessageCode;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Judged = { value: AnswerValue } | { problem: FieldMessageCode };
const ok = (value: AnswerValue): Judged => ({ value });
const no = (problem: FieldMessageCode): Judged => ({ problem });

/** An answer of a kind, as kept; or the code of why it cannot be. */
function answerOf(question: BookingQuestion, raw: AnswerValue): Judged {
  const text = typeof raw === "string" ? raw.trim() : raw;
  switch (question.kind) {
    case "text":
    case "longText": {
      if (typeof text !== "string") return no("answer.invalid");
      const long = question.kind === "longText";
      if (text.length > (long ? MAX_LONG_ANSWER : MAX_LINE_ANSWER)) return no("text.tooLong");
      return (long ? isMultiLineText(text) : isSingleLineText(text)) ? ok(text) : no("text.invalid");
    }
    case "number": {
      const number = typeof text === "number" ? text : typeof text === "string" ? Number(text) : NaN;
      if (!Number.isFinite(number) || Math.abs(number) > MAX_MAGNITUDE) return no("answer.number");
      if (question.min !== null && number < question.min) return no("answer.tooSmall");
      if (question.max !== null && number > question.max) return no("answer.tooBig");
      return ok(number);
    }
    case "yesNo":
      if (typeof text === "boolean") return ok(text);
      return text === "yes" ? ok(true) : text === "no" ? ok(false) : no("answer.invalid");
    case "choice":
      return typeof text === "string" && question.options.includes(text) ? ok(text) : no("answer.choice");
    case "date": {
      if (typeof text !== "string" || !DATE.test(text)) return no("date.format");
      const time = Date.parse(`${text}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text) ? ok(text) : no("date.invalid");
    }
    case "phone": {
      const number = typeof text === "string" ? usPhoneNumber(text) : null;
      return number ? ok(number) : no("phone.invalid");
    }
  }
}

/**
 * THE rule: the answers of a booking of these guests to these questions (its snapshot), kept as
 * they are stored, and every problem (a required answer missing, a wrong one). A question not
 * shown (its condition does not hold) keeps no answer; answers to questions not asked are dropped.
 */
export function judgeAnswers(
  questions: readonly BookingQuestion[],
  guests: ReadonlyArray<{ code: string }>,
  input: BookingAnswersInput | undefined,
): { answers: BookingAnswers; problems: AnswerProblem[] } {
  const answers: BookingAnswers = { booking: {}, guests: guests.map(() => ({})) };
  const problems: AnswerProblem[] = [];
  const judge = (question: BookingQuestion, guestIndex: number | null) => {
    const kept = guestIndex === null ? answers.booking : answers.guests[guestIndex];
    const condition = question.showIf;
    if (condition && "ticketType" in condition && guests[guestIndex!]?.code !== condition.ticketType) return;
    if (condition && "questionId" in condition) {
      const guestsAnswer = guestIndex === null ? undefined : answers.guests[guestIndex][condition.questionId];
      const other = guestsAnswer ?? answers.booking[condition.questionId];
      if (conditionText(other) !== condition.equals) return;
    }
    const sent = guestIndex === null ? input?.booking[question.id] : input?.guests[guestIndex]?.[question.id];
    const field =
      guestIndex === null ? `answers.booking.${question.id}` : `answers.guests[${guestIndex}].${question.id}`;
    const problem = (code: FieldMessageCode) =>
      problems.push({ field, guestNo: guestIndex === null ? null : guestIndex + 1, questionId: question.id, code });
    if (sent === undefined || (typeof sent === "string" && sent.trim() === "")) {
      if (question.required) problem("answer.required");
      return;
    }
    const judged = answerOf(question, sent);
    if ("problem" in judged) problem(judged.problem);
    else kept[question.id] = judged.value;
  };
  for (const question of questions) {
    if (question.per === "booking") judge(question, null);
    else guests.forEach((_, index) => judge(question, index));
  }
  return { answers, problems };
}

/** One answer given, for the pages, the manifest and the email: the booking's first, then guest by guest. */
export interface AnswerLine {
  guestNo: number | null;
  /** The guest's ticket type's name (null: the booking's answer). */
  ticketName: string | null;
  questionId: string;
  label: string;
  kind: QuestionKind;
  value: AnswerValue;
}

/** The answers given to a booking's questions (its snapshot), in the order asked. */
export function answerLines(
  questions: readonly BookingQuestion[],
  tickets: ReadonlyArray<{ code: string; name: string; quantity: number }>,
  answers: BookingAnswers,
): AnswerLine[] {
  const line = (question: BookingQuestion, guestNo: number | null, ticketName: string | null, value: AnswerValue) => ({
    guestNo,
    ticketName,
    questionId: question.id,
    label: question.label,
    kind: question.kind,
    value,
  });
  const lines: AnswerLine[] = [];
  for (const question of questions) {
    const value = answers.booking[question.id];
    if (question.per === "booking" && value !== undefined) lines.push(line(question, null, null, value));
  }
  guestsOf(tickets).forEach((guest, index) => {
    for (const question of questions) {
      const value = answers.guests[index]?.[question.id];
      if (question.per === "guest" && value !== undefined) lines.push(line(question, index + 1, guest.name, value));
    }
  });
  return lines;
}

/** An answer in words (yes/no in the reader's words). */
export const answerText = (value: AnswerValue, words: { yes: string; no: string }) =>
  typeof value === "boolean" ? (value ? words.yes : words.no) : String(value);

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
