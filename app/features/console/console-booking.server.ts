import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import { minorUnitDigits, toMajorUnits } from "~contract/money";
import { operatorBookingParams } from "~contract/operator/refunds";
import type { OperatorBooking } from "~contract/operator/refunds";
import { orNone, orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint, readFormData } from "~/platform/form.server";
import { requireParams, routeNotFound } from "~/platform/http.server";
import { i18next } from "~/platform/i18next.server";
import { refundFormSchema } from "./console-forms.server";
import { requireConsoleAbility, type ConsoleCaller } from "./console.server";
import { intentAction } from "./intent-action.server";
import { MOVE_TARGET_REFUSALS, moveChoices } from "./move-choices.server";
import { MoveBookingFormSchema } from "./move-schemas";
import { newRefundKey } from "./refund-key.server";
import { bookingMessageAction, messageConstraint, templateAsked, templateText } from "./guest-message.server";

/** What the refund form shows when the API refused the refund for its figures (a 409 in words). */
export interface RefundConflict {
  conflict: { key: string; amountMinor: number; currency: string };
}

/**
 * Refunded meanwhile (refund_stale) or more than is left (refund_exceeds_paid): the current figure,
 * in the booking's currency (both as the API's refusal gives them); else null.
 */
export function refundConflictOf(error: unknown): RefundConflict | null {
  if (!isApiError(error, "refund_stale", "refund_exceeds_paid")) return null;
  const stale = error.code === "refund_stale";
  const amountMinor = Number(stale ? error.details?.refundedMinor : error.details?.refundableMinor);
  return {
    conflict: {
      key: stale ? "refunds.stale" : "refunds.exceeds",
      amountMinor: Number.isFinite(amountMinor) ? amountMinor : 0,
      currency: String(error.details?.currency ?? ""),
    },
  };
}

/**
 * The refund form filled in for one add-on (`?refundAddOn=<id>`, the form's links: no JavaScript
 * needed): its price in all, at most what can still be refunded, and a reason naming it; else null.
 */
function addOnRefundOf(
  url: URL,
  money: OperatorBooking["money"],
  digits: number,
  reasonOf: (line: { name: string; quantity: number }) => string,
) {
  const line = money?.addOns.find((addOn) => addOn.addOnId === url.searchParams.get("refundAddOn"));
  if (!money || !line) return null;
  return {
    amount: toMajorUnits(Math.min(line.totalMinor, money.refundableMinor), digits),
    reason: reasonOf(line),
  };
}

/** Every member may view the page (a guide: the departures they lead, else the 404 page). */
export async function loadConsoleBookingPage({ request, params }: LoaderFunctionArgs) {
  const [{ api, me }, { bookingId }, t] = await Promise.all([
    requireConsoleAbility(request, "runDay"),
    requireParams(request, params, operatorBookingParams.shape),
    i18next.getFixedT(request),
  ]);
  const [page, history] = await orNotFound(
    request,
    Promise.all([
      api.call("operatorGetBooking", { params: { bookingId } }),
      api.call("operatorBookingHistory", { params: { bookingId } }),
    ]),
  );
  const template = templateAsked(request);
  const locale = await i18next.getLocale(request);
  // A guide's page has no money (page.money is null): no figures, no refunds, no form.
  const digits = page.money ? minorUnitDigits(page.money.currency) : 0;
  return withFlash(request, {
    page,
    digits,
    canRefund: me.can.refund && Boolean(page.money?.canRefund),
    timeZone: me.account.timeZone,
    constraint: getZodConstraint(refundFormSchema(digits, page.money?.refundableMinor ?? 0)),
    addOnRefund: addOnRefundOf(new URL(request.url), page.money, digits, ({ name, quantity }) =>
      t("refunds.addOnReason", { name, quantity }),
    ),
    // A fresh key per page view: a double click or a second tab cannot refund twice.
    idempotencyKey: newRefundKey(),
    move: me.can.manageCatalog ? await moveFormOf(api, page) : null,
    title: t("refunds.pageTitle", { reference: page.booking.reference }),
    history: history.items,
    // The message form: the template asked for (?template=…), its text filled in to edit.
    message: {
      template,
      ...templateText(t, template, {
        experience: page.booking.experienceTitle,
        startsAt: page.departure.startsAt,
        timeZone: page.booking.timezone,
        locale,
      }),
      canText: Boolean(page.guest.phone),
      confirmed: page.booking.status === "confirmed",
    },
    messageConstraint: messageConstraint(),
  });
}

/** The move form's data: a confirmed booking's choices of departure, a fresh key per page view; else null. */
async function moveFormOf(api: ConsoleCaller["api"], page: OperatorBooking) {
  const { booking } = page;
  if (booking.status !== "confirmed" || booking.checkedInGuests > 0) return null;
  // The list is a convenience: the page stands without it (an experience gone meanwhile: no choices).
  const choices = await orNone(
    moveChoices(api, {
      experienceId: booking.experienceId,
      serviceId: booking.serviceId,
      timezone: booking.timezone,
      except: page.departure.id,
      seats: booking.seats,
    }),
  );
  return { choices: choices ?? [], idempotencyKey: crypto.randomUUID() };
}

/**
 * The page's forms, each with the ability it needs: the message (intent `message`, every member
 * running the day), the move (intent `move`) or the refund (sends no intent, as before the others came).
 */
export async function consoleBookingAction(args: ActionFunctionArgs) {
  const sent = await readFormData(args.request.clone()).catch(() => null);
  const intent = sent?.get("intent");
  if (intent === "message") return bookingMessageAction(args);
  return intent === "move" ? moveAction(args) : refundAction(args);
}

/** Moves the booking (operatorMoveBooking), then back to the page with what happened, in words. */
const moveAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "manageCatalog",
    params: operatorBookingParams.shape,
    forms: { move: MoveBookingFormSchema },
    shown: {
      codes: {
        sold_out: { key: "desk.move.soldOut", field: "toSlotId" },
        ...MOVE_TARGET_REFUSALS,
        difference_costs_more: { key: "desk.move.costsMore", field: "difference" },
        difference_costs_less: { key: "desk.move.costsLess", field: "difference" },
        not_reschedulable: { key: "desk.move.notConfirmed" },
        checked_in: { key: "desk.move.checkedIn" },
      },
    },
    async refusal(error, _submission, { request }) {
      if (isApiError(error) && error.status === 404 && error.code !== "slot_not_found")
        throw await routeNotFound(request);
      return null;
    },
    async run(value, { api, params: { bookingId } }) {
      const moved = await api.call("operatorMoveBooking", {
        params: { bookingId },
        headers: { "Idempotency-Key": value.idempotencyKey },
        body: { toSlotId: value.toSlotId, difference: value.difference },
      });
      return { flash: moved.outcome === "moved" ? "desk.move.moved" : "desk.move.awaitingPayment" };
    },
  });

/**
 * The refund form posts here: the amount as typed, for the API to read in the booking's currency
 * (no read of the booking first), one call to operatorRefundBooking, then back to the page with a
 * flash.
 */
const refundAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "refund",
    params: operatorBookingParams.shape,
    single: true,
    forms: { refund: refundFormSchema() },
    shown: {
      codes: {
        booking_not_paid: { key: "refunds.notPaid" },
        not_cancellable: { key: "refunds.notCancellable" },
        departure_started: { key: "refunds.departureStarted" },
      },
      fields: { amount: "refunds.amountInvalid" },
    },
    async refusal(error, _submission, { request }) {
      // Not this operator's booking (or not a guide's): the 404 page, as the page itself.
      if (isApiError(error) && error.status === 404) throw await routeNotFound(request);
      // Refunded meanwhile, or more than is left: the page again with the current figures, in words.
      const conflict = refundConflictOf(error);
      return conflict ? data(conflict, { status: 409 }) : null;
    },
    async run(value, { api, params: { bookingId } }) {
      await api.call("operatorRefundBooking", {
        params: { bookingId },
        body: {
          amount: value.amount,
          alreadyRefundedMinor: value.alreadyRefundedMinor,
          reason: value.reason,
          releaseSeats: value.releaseSeats === "on",
          idempotencyKey: value.idempotencyKey,
        },
      });
      return { flash: "refunds.done" };
    },
  });
