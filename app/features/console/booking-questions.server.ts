import { setBookingQuestionsBody, type BookingQuestionInput } from "~contract/bookings/questions";
import { experienceListPage } from "./experience-list.server";
import { AddQuestionSchema, RemoveQuestionSchema, formFieldOf, questionOf } from "./question-schemas";

/**
 * /console/experiences/:experienceId/questions: the experience's booking questions, its services
 * and ticket types; a question added at the end of the list or one removed, the whole list set
 * again (operatorSetBookingQuestions).
 */
const questionsPage = experienceListPage({
  forms: { add: AddQuestionSchema, remove: RemoveQuestionSchema },
  idField: "questionId",
  titleKey: "questions.title",
  flash: { added: "questions.added", removed: "questions.removed" },
  read: (api, experienceId) => api.call("operatorGetBookingQuestions", { params: { experienceId } }),
  itemsOf: (page): BookingQuestionInput[] => page.questions,
  write: (api, experienceId, questions) =>
    api.call("operatorSetBookingQuestions", { params: { experienceId }, body: { questions } }),
  itemOf: (value) => questionOf(value),
  judge: (questions) => setBookingQuestionsBody.safeParse({ questions }),
  fieldOf: formFieldOf,
  fallback: "label",
});

export const loadQuestionsPage = questionsPage.loader;
export const questionsAction = questionsPage.action;
