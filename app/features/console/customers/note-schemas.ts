import { z } from "zod";
import { MAX_NOTE_LENGTH } from "~contract/operator/note-length";

/** The add-a-note form (/console/customers/$customerId), shared by the form and the action. */
export const noteFormSchema = z.object({
  body: z
    .string({ required_error: "desk.customers.noteRequired" })
    .trim()
    .min(1, "desk.customers.noteRequired")
    .max(MAX_NOTE_LENGTH, "desk.customers.noteTooLong"),
});
