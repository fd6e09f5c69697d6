import { z } from "zod";
import type { BookingQuestionInput } from "~contract/bookings/questions";
import { QUESTION_KINDS, QUESTION_SCOPES } from "~contract/bookings/question-rules";

/**
 * The booking questions page's forms (issue 46, item 1): add a question, remove one. The question's
 * own rules are the contract's (setBookingQuestionsBody): the action judges the whole new list by
 * them and shows a refusal on this form's field (questionOf names the fields alike).
 */
const text = (max: number) => z.string().trim().max(max, "questions.tooLong").optional();

import { CONDITIONS } from "./questions/conditions";

export { CONDITIONS };

export const AddQuestionSchema = z.object({
  intent: z.literal("add"),
  label: z
    .string({ required_error: "questions.labelRequired" })
    .trim()
    .min(1, "questions.labelRequired")
    .max(200, "questions.tooLong"),
  kind: z.enum(QUESTION_KINDS, { errorMap: () => ({ message: "questions.invalid" }) }),
  per: z.enum(QUESTION_SCOPES, { errorMap: () => ({ message: "questions.invalid" }) }),
  required: z.literal("on").optional(),
  serviceId: text(64),
  min: z.number({ invalid_type_error: "questions.number" }).optional(),
  max: z.number({ invalid_type_error: "questions.number" }).optional(),
  /** One choice a line. */
  options: text(2000),
  condition: z.enum(CONDITIONS).default("always"),
  conditionQuestion: text(32),
  conditionEquals: text(200),
  conditionTicket: text(32),
});

export const RemoveQuestionSchema = z.object({
  intent: z.literal("remove"),
  questionId: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, "questions.invalid"),
});

export type AddQuestionValue = z.infer<typeof AddQuestionSchema>;

/** The question the add form describes, as the API takes it. */
export function questionOf(value: AddQuestionValue): BookingQuestionInput {
  return {
    label: value.label,
    kind: value.kind,
    per: value.per,
    required: value.required === "on",
    serviceId: value.serviceId || null,
    min: value.kind === "number" ? (value.min ?? null) : null,
    max: value.kind === "number" ? (value.max ?? null) : null,
    options:
      value.kind === "choice"
        ? (value.options ?? "")
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
        : [],
    showIf:
      value.condition === "answer"
        ? { questionId: value.conditionQuestion ?? "", equals: value.conditionEquals ?? "" }
        : value.condition === "ticket"
          ? { ticketType: value.conditionTicket ?? "" }
          : null,
  };
}

/** The add form's field a refused question's path names (`showIf.questionId` → condition…). */
export function formFieldOf(path: ReadonlyArray<string | number>): string {
  const [field] = path;
  if (field === "showIf") return "condition";
  return typeof field === "string" && field in AddQuestionSchema.shape ? field : "label";
}
