import { describe, expect, it } from "vitest";
import { storedQuestions, type BookingAnswersInput } from "~contract/bookings/questions";
import { ApiError } from "~contract/errors";
import { answerErrors } from "~/features/booking/answers-form";
import { KAYAK_QUESTIONS } from "../support/questions";

/** The API's refusal of answers in the page's words (app/features/booking/answers-form.ts answerErrors). */
const QUESTIONS = storedQuestions.parse(KAYAK_QUESTIONS);
const FAMILY = [{ code: "adult" }, { code: "adult" }, { code: "child" }];
const refusal = (fields: Record<string, string[]>, details?: Record<string, string | number>) => {
  const error = new ApiError(400, "validation_error", "refused", fields);
  error.details = details;
  return error;
};

describe("answerErrors", () => {
  it("gives each refused field THE rule's locale key, never the API's English", () => {
    const sent: BookingAnswersInput = {
      booking: {},
      guests: [{ height: "90", swimmer: "yes" }, { height: "170", swimmer: "yes" }, {}],
    };
    const error = refusal({
      "answers.guests[0].height": ["Guest 1 (Adult), “Height (cm)”: …"],
      "answers.guests[2].child_age": ["Guest 3 (Child), “Child's age”: Answer this question."],
      serviceId: ["Not a valid id."],
    });
    expect(answerErrors(error, QUESTIONS, FAMILY, sent)).toEqual({
      "answers.guests[0].height": ["validation.answerTooSmall"],
      "answers.guests[2].child_age": ["validation.answerRequired"],
    });
  });

  it("a field the page's questions do not refuse: the API's code for its first field, else a general key; none when no answer was refused", () => {
    const sent: BookingAnswersInput = { booking: {}, guests: [] };
    const error = refusal(
      { "answers.guests[0].new_one": ["…"], "answers.booking.other": ["…"] },
      { field: "answers.guests[0].new_one", guestNo: 1, questionId: "new_one", messageCode: "answer.choice" },
    );
    expect(answerErrors(error, [], FAMILY, sent)).toEqual({
      "answers.guests[0].new_one": ["validation.answerChoice"],
      "answers.booking.other": ["validation.answerInvalid"],
    });
    expect(answerErrors(refusal({ serviceId: ["…"] }), QUESTIONS, FAMILY, sent)).toBeNull();
    expect(answerErrors(new ApiError(409, "answers_closed", "closed"), QUESTIONS, FAMILY, sent)).toBeNull();
  });
});
