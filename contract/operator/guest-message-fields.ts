/**
 * The rules of a message to guests' fields (issue 42, item 4): the API's body and the console's
 * forms validate with them (field rules only: the forms load them without the contract's outputs).
 */
import { z } from "zod";
import { requiredLine, requiredLines, said } from "../fields";
import { GUEST_MESSAGE_TEMPLATES } from "../statuses";

export const GUEST_MESSAGE_SUBJECT_MAX = 150;
export const GUEST_MESSAGE_BODY_MAX = 2000;
/** The longest text message sent (the subject and body, cut with "…" beyond). */
export const GUEST_SMS_MAX = 480;

/** A message's subject: one line, required, at most GUEST_MESSAGE_SUBJECT_MAX characters. */
export const guestMessageSubject = requiredLine("field.required", GUEST_MESSAGE_SUBJECT_MAX);
/** A message's body: lines kept, required, at most GUEST_MESSAGE_BODY_MAX characters. */
export const guestMessageBody = requiredLines("field.required", GUEST_MESSAGE_BODY_MAX);
export const guestMessageTemplate = z.enum(GUEST_MESSAGE_TEMPLATES, {
  errorMap: () => ({ message: said("choice.invalid") }),
});
