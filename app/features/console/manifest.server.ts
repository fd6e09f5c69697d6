import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import type { CheckInAction } from "~contract/operator/manifest";
import { apiErrorKey } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { CheckInFormSchema } from "./console-forms.server";
import { requireConsolePage, type ConsoleCaller } from "./console.server";
import { intentAction } from "./intent-action.server";
import { i18next } from "~/platform/i18next.server";
import { MESSAGE_SHOWN, messageConstraint, templateAsked, templateText } from "./guest-message.server";
import { departureMessageFormSchema } from "./message-schemas";

/** The day's manifest, or today's when the date asked for does not exist (`invalidDate`). */
export async function loadManifest(api: ConsoleCaller["api"], date: string | undefined) {
  try {
    return { manifest: await api.call("operatorManifest", { query: { date } }), invalidDate: false };
  } catch (error) {
    if (!isApiError(error, "validation_error")) throw error;
    return { manifest: await api.call("operatorManifest"), invalidDate: true };
  }
}

const DONE = { checked_in: "manifest.checkedInDone", no_show: "manifest.noShowDone", reset: "manifest.resetDone" };
const ERRORS: Record<string, string> = {
  booking_not_confirmed: "manifest.errorNotConfirmed",
  guest_not_found: "manifest.errorGuest",
  booking_not_found: "manifest.errorBooking",
  not_assigned: "manifest.errorNotYours",
};

/** A check-in from the manifest: the message to show (a locale key) and the API's status. */
export async function checkInFromManifest(
  api: ConsoleCaller["api"],
  input: { bookingId: string; guestNo: number | "all"; status: CheckInAction },
): Promise<{ message: string; status: number }> {
  try {
    await api.call("operatorUpdateCheckIn", {
      params: { bookingId: input.bookingId },
      body: { guestNo: input.guestNo, status: input.status },
    });
    return { message: DONE[input.status], status: 200 };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    return { message: ERRORS[error.code] ?? apiErrorKey(error), status: error.status };
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function loadManifestPage({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireConsolePage(request, "runDay");
  const url = new URL(request.url);
  const asked = url.searchParams.get("date") ?? "";
  const perPage = url.searchParams.get("perPage") === "1";
  // A date that does not exist (2026-02-30) or is not one: today instead, and say so.
  const { manifest, invalidDate } = await loadManifest(api, asked || undefined);
  // "Message everyone on this departure": the departure whose template was asked for (?message=…).
  const locale = await i18next.getLocale(request);
  const template = templateAsked(request);
  const messaging = url.searchParams.get("message");
  const drafts = Object.fromEntries(
    manifest.departures.map((departure) => {
      const chosen = departure.id === messaging ? template : "custom";
      const text = templateText(t, chosen, {
        experience: departure.experienceTitle,
        startsAt: departure.startsAt,
        timeZone: departure.timezone,
        locale,
      });
      return [departure.id, { template: chosen, ...text }];
    }),
  );
  return withFlash(request, {
    manifest,
    perPage,
    invalidDate,
    drafts,
    messaging,
    messageConstraint: messageConstraint(),
    title: t("manifest.title"),
  });
}

/** The day's page again, as the form was sent from it (its date and print layout). */
function sameDay(request: Request, date: unknown, perPage: unknown) {
  const query = new URLSearchParams();
  if (typeof date === "string" && DATE.test(date)) query.set("date", date);
  if (perPage === "1") query.set("perPage", "1");
  const page = new URL(request.url).pathname;
  return query.size ? `${page}?${query}` : page;
}

/**
 * A guest (or all guests) of a booking checked in, a no-show or reset. Without JavaScript: back
 * to the same day with a flash message; with it (the fetcher sends `js`): the message as data,
 * the page's data revalidated, no navigation.
 */
export const manifestAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "runDay",
    forms: { checkIn: CheckInFormSchema, message: departureMessageFormSchema },
    // A message's form: on its departure's form (`message:<departure id>`).
    row: (intent) => (intent === "message" ? "departureId" : null),
    refused: (_submission, { request, formData, intent }) =>
      intent === "message"
        ? null
        : formData.get("js") === "1"
          ? { answer: data({ ok: false, message: "manifest.errorForm" }, { status: 400 }) }
          : { flash: "manifest.errorForm", to: sameDay(request, formData.get("date"), formData.get("perPage")) },
    shown: (intent) => (intent === "message" ? MESSAGE_SHOWN : {}),
    async run(value, { api, request }) {
      if (value.intent === "message") {
        const sent = await api.call("operatorMessageGuests", {
          body: {
            departureId: value.departureId,
            template: value.template,
            subject: value.subject,
            body: value.body,
            sms: value.sms === "on",
          },
        });
        return { answer: data({ messageSent: sent, departureId: value.departureId }) };
      }
      const { message, status } = await checkInFromManifest(api, value);
      if (value.js) return { answer: data({ ok: status === 200, message }, { status }) };
      return { flash: message, to: sameDay(request, value.date, value.perPage) };
    },
  });
