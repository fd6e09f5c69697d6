import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { minorUnitDigits, toMinorUnits } from "~contract/money";
import { refundFormSchema } from "./console-forms.server";
import { newRefundKey } from "./refund-key.server";
import { apiErrorResult, orNotFound } from "~/platform/api-errors.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { isApiError } from "~contract/errors";
import { operatorBookingParams } from "~contract/operator-refunds";
import { requireParams } from "~/platform/http.server";
import { requireConsoleAbility } from "./console.server";

/** The console booking page's caller and booking: every member may view (a guide: the departures they lead, else 404). */
export async function consoleBookingOf(request: Request, params: Record<string, string | undefined>) {
  const [caller, { bookingId }] = await Promise.all([
    requireConsoleAbility(request, "runDay"),
    requireParams(request, params, operatorBookingParams.shape),
  ]);
  const page = await orNotFound(request, caller.api.call("operatorGetBooking", { params: { bookingId } }));
  return { ...caller, bookingId, page, path: `/console/bookings/${bookingId}` };
}

/** What the refund form shows when the API refused the refund for its figures (a 409 in words). */
export interface RefundConflict {
  conflict: { key: string; amountMinor: number; currency: string };
}

/** Refunded meanwhile (refund_stale) or more than is left (refund_exceeds_paid): the current figure; else null. */
export function refundConflictOf(error: unknown, currency: string): RefundConflict | null {
  if (!isApiError(error, "refund_stale", "refund_exceeds_paid")) return null;
  const stale = error.code === "refund_stale";
  const amountMinor = Number(stale ? error.details?.refundedMinor : error.details?.refundableMinor);
  return {
    conflict: {
      key: stale ? "refunds.stale" : "refunds.exceeds",
      amountMinor: Number.isFinite(amountMinor) ? amountMinor : 0,
      currency,
    },
  };
}

export async function loadConsoleBookingPage({ request, params }: LoaderFunctionArgs) {
  const [{ page, me }, t] = await Promise.all([consoleBookingOf(request, params), i18next.getFixedT(request)]);
  // A guide's page has no money (page.money is null): no figures, no refunds, no form.
  const digits = page.money ? minorUnitDigits(page.money.currency) : 0;
  return withFlash(request, {
    page,
    digits,
    canRefund: me.can.refund && Boolean(page.money?.canRefund),
    timeZone: me.account.timeZone,
    constraint: getZodConstraint(refundFormSchema(digits, page.money?.refundableMinor ?? 0)),
    // A fresh key per page view: a double click or a second tab cannot refund twice.
    idempotencyKey: newRefundKey(),
    title: t("refunds.pageTitle", { reference: page.booking.reference }),
  });
}

/** The refund form posts here: one call to operatorRefundBooking, then back to the page with a flash. */
export async function consoleBookingAction({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { api, me, bookingId, page, path } = await consoleBookingOf(request, params);
  if (!me.can.refund || !page.money) throw data("Forbidden", { status: 403 });
  const digits = minorUnitDigits(page.money.currency);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: refundFormSchema(digits, Number.MAX_SAFE_INTEGER) });
  if (submission.status !== "success") return formResult(submission.reply());
  const value = submission.value;
  try {
    await api.call("operatorRefundBooking", {
      params: { bookingId },
      body: {
        amountMinor: toMinorUnits(value.amount, digits),
        alreadyRefundedMinor: value.alreadyRefundedMinor,
        reason: value.reason,
        releaseSeats: value.releaseSeats === "on",
        idempotencyKey: value.idempotencyKey,
      },
    });
  } catch (error) {
    // Refunded meanwhile, or more than is left: the page again with the current figures, in words.
    const conflict = refundConflictOf(error, page.money.currency);
    if (conflict) return data(conflict, { status: 409 });
    return apiErrorResult(error, submission, {
      codes: {
        booking_not_paid: { key: "refunds.notPaid" },
        not_cancellable: { key: "refunds.notCancellable" },
        departure_started: { key: "refunds.departureStarted" },
      },
    });
  }
  return redirect(path, { headers: { "Set-Cookie": await setFlash("refunds.done") } });
}
