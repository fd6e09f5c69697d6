import { z } from "zod";
import { catalogId } from "~contract/fields";
import { guestMessageBody, guestMessageSubject, guestMessageTemplate } from "~contract/operator/guest-message-fields";

/**
 * The console's "Message the guest" form (the booking page) and "Message everyone on this
 * departure" (the manifest, which names the departure): the contract's own rules for the subject
 * and body; the SMS box sends "on" when ticked.
 */
export const messageFormSchema = z.object({
  intent: z.literal("message"),
  template: guestMessageTemplate,
  subject: guestMessageSubject,
  body: guestMessageBody,
  sms: z.literal("on").optional(),
});

export const departureMessageFormSchema = messageFormSchema.extend({
  departureId: catalogId,
  date: z.string().optional(),
  perPage: z.literal("1").optional(),
});
