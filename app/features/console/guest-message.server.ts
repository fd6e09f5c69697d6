import { data, type ActionFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import type { GuestMessageResult } from "~contract/operator/guest-messages";
import { operatorBookingParams } from "~contract/operator/refunds";
import { GUEST_MESSAGE_TEMPLATES, type GuestMessageTemplate } from "~contract/statuses";
import { getZodConstraint } from "~/platform/form.server";
import { routeNotFound } from "~/platform/http.server";
import type { Translate } from "~/platform/translate";
import { formatMoment } from "~/ui/date-format";
import { intentAction } from "./intent-action.server";
import { messageFormSchema } from "./message-schemas";

/** What a sent message answers to the page: the counts, and who was not reached (and why). */
export interface MessageSent {
  messageSent: GuestMessageResult;
}

/** The template asked for in the page's address (`?template=weather`), else "custom". */
export function templateAsked(request: Request): GuestMessageTemplate {
  const asked = new URL(request.url).searchParams.get("template");
  return (GUEST_MESSAGE_TEMPLATES as readonly string[]).includes(asked ?? "")
    ? (asked as GuestMessageTemplate)
    : "custom";
}

/**
 * The form's first subject and body for a template (app/locales: desk.messages.templates.*),
 * filled with the departure's facts; the team edits them before sending. Custom: empty.
 */
export function templateText(
  t: Translate,
  template: GuestMessageTemplate,
  facts: { experience: string; startsAt: string; timeZone: string; locale: string },
) {
  if (template === "custom") return { subject: "", body: "" };
  const values = {
    experience: facts.experience,
    departure: formatMoment(facts.startsAt, { timeZone: facts.timeZone, locale: facts.locale }),
  };
  return {
    subject: t(`desk.messages.templates.${template}.subject`, values),
    body: t(`desk.messages.templates.${template}.body`, values),
  };
}

/** The message form's browser constraints (the same rules as the action's). */
export const messageConstraint = () => getZodConstraint(messageFormSchema);

/** How the API's refusals of a message show on its form. */
export const MESSAGE_SHOWN = {
  codes: {
    booking_not_confirmed: { key: "desk.messages.notConfirmed" },
    departure_not_found: { key: "desk.messages.notYours" },
  },
  fields: { subject: "desk.messages.subjectInvalid", body: "desk.messages.bodyInvalid" },
};

/**
 * The booking page's "Message the guest" form: every member who runs the day (a guide: on their
 * departures; another's booking is the 404 page), one call of operatorMessageGuests, then the
 * page again with what was sent and who was not reached.
 */
export const bookingMessageAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "runDay",
    params: operatorBookingParams.shape,
    forms: { message: messageFormSchema },
    shown: MESSAGE_SHOWN,
    async refusal(error, _submission, { request }) {
      if (isApiError(error) && error.status === 404) throw await routeNotFound(request);
      return null;
    },
    async run(value, { api, params: { bookingId } }) {
      const sent = await api.call("operatorMessageGuests", {
        body: {
          bookingId,
          template: value.template,
          subject: value.subject,
          body: value.body,
          sms: value.sms === "on",
        },
      });
      return { answer: data<MessageSent>({ messageSent: sent }) };
    },
  });
