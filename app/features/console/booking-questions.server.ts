import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { setBookingQuestionsBody, type BookingQuestionInput } from "~contract/bookings/questions";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { formResult } from "~/platform/form-result.server";
import { getZodConstraint } from "~/platform/form.server";
import { requireExperiencePage } from "./console.server";
import { catalogAction } from "./intent-action.server";
import { refusedFields } from "./list-refusal";
import { AddQuestionSchema, RemoveQuestionSchema, formFieldOf, questionOf } from "./question-schemas";

/** /console/experiences/:experienceId/questions: the experience's booking questions, its services and ticket types. */
export async function loadQuestionsPage({ request, params }: LoaderFunctionArgs) {
  const { experienceId, api, t } = await requireExperiencePage(request, params);
  const page = await orNotFound(request, api.call("operatorGetBookingQuestions", { params: { experienceId } }));
  return withFlash(request, {
    page,
    constraints: { add: getZodConstraint(AddQuestionSchema), remove: getZodConstraint(RemoveQuestionSchema) },
    title: t("questions.title", { title: page.experience.title }),
  });
}

/** Adds a question at the end of the list, or removes one: the whole list is set again (operatorSetBookingQuestions). */
export const questionsAction = (args: ActionFunctionArgs) =>
  catalogAction(args, {
    forms: { add: AddQuestionSchema, remove: RemoveQuestionSchema },
    row: (intent) => (intent === "remove" ? "questionId" : null),
    async run(value, { api, params }, submission) {
      const { experienceId } = params;
      const current = await api.call("operatorGetBookingQuestions", { params: { experienceId } });
      const kept: BookingQuestionInput[] = current.questions;
      if (value.intent === "remove") {
        const questions = kept.filter((question) => question.id !== value.questionId);
        await api.call("operatorSetBookingQuestions", { params: { experienceId }, body: { questions } });
        return { flash: "questions.removed" };
      }
      const questions = [...kept, questionOf(value)];
      // THE contract's rules of a list, judged here first so that a refusal shows on this form's field.
      const judged = setBookingQuestionsBody.safeParse({ questions });
      if (!judged.success) {
        const fieldErrors = refusedFields(judged.error.issues, kept.length, formFieldOf, "label");
        return { answer: formResult(submission.reply({ fieldErrors }), { intent: "add", status: 400 }) };
      }
      await api.call("operatorSetBookingQuestions", { params: { experienceId }, body: { questions } });
      return { flash: "questions.added" };
    },
  });
