/**
 * Booking questions' rules as plain code (no zod): the kinds, the limits, the guests of a booking
 * and THE rule that judges answers (judgeAnswers), for the API and for the pages in the browser.
 * contract/bookings/questions.ts holds the API's schemas and re-exports these.
 */
import type { FieldMessageCode } from "../fields";
import { usPhoneNumber } from "../phone";
import { isMultiLineText, isSingleLineText } from "../text";
import type { BookingAnswersInput, BookingQuestion } from "./questions";

export const QUESTION_KINDS = ["text", "longText", "number", "yesNo", "choice", "date", "phone"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_SCOPES = ["booking", "guest"] as const;

export const MAX_QUESTIONS = 30;
export const MAX_QUESTION_OPTIONS = 20;
/** The longest answer of a one-line question and of a long-text one. */
export const MAX_LINE_ANSWER = 200;
export const MAX_LONG_ANSWER = 2000;
/** A number question's bounds and answers stay within these. */
export const MAX_MAGNITUDE = 1_000_000_000;

/** A question's id: lower case, digits and _ (made from its label when the operator gives none). */
export const QUESTION_ID = /^[a-z][a-z0-9_]{0,31}$/;
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
