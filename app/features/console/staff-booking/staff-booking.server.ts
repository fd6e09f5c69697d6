import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { Bookable } from "~contract/operator/staff-bookings";
import { getZodConstraint } from "~/platform/form.server";
import { redirect } from "~/platform/redirect.server";
import { requireConsolePage } from "../console.server";
import { intentAction } from "../intent-action.server";
import { StaffBookingFormSchema } from "./staff-booking-schemas";

export const NEW_BOOKING_PATH = "/console/bookings/new";

/** An id as the URL may carry one (anything else is no choice). */
const choice = (value: string | null) => (value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined);

/**
 * /console/bookings/new: choose an experience, then one of its departures (GET forms: the URL holds
 * the choices, no JavaScript needed), then the booking's form. Members who may take bookings.
 */
export async function loadStaffBookingPage({ request }: LoaderFunctionArgs) {
  const { api, me, t } = await requireConsolePage(request, "takeBookings");
  const url = new URL(request.url);
  const experienceId = choice(url.searchParams.get("experience"));
  const bookable: Bookable = await api.call("operatorBookable", { query: { experienceId } });
  const experience = bookable.experiences.find((row) => row.id === experienceId) ?? null;
  const departure = bookable.departures.find((row) => row.id === choice(url.searchParams.get("departure"))) ?? null;
  const constraint = getZodConstraint(StaffBookingFormSchema);
  return {
    bookable,
    experience,
    departure,
    ticketTypes: departure ? bookable.ticketTypes.filter((type) => type.serviceId === departure.serviceId) : [],
    // The departure's service sold private (issue 46): the page offers the whole departure.
    privateSale: (departure && bookable.privateSales.find((sale) => sale.serviceId === departure.serviceId)) ?? null,
    // A fresh key per page view: the form sent twice books once.
    idempotencyKey: crypto.randomUUID(),
    // The browser asks for a pickup point when the experience requires one (no JavaScript needed).
    constraint: bookable.pickupPoints.required
      ? { ...constraint, pickupPointId: { ...constraint.pickupPointId, required: true } }
      : constraint,
    zone: me.account.timeZone,
    title: t("desk.newBooking.title"),
  };
}

/**
 * Where the desk's card checkout opens: the sandbox's page on this site (its path), or Stripe's
 * hosted page; anything else is not followed (the booking page instead).
 */
export function checkoutTarget(checkoutUrl: string | null): string | null {
  if (!checkoutUrl) return null;
  let url: URL;
  try {
    url = new URL(checkoutUrl, "http://same.invalid");
  } catch {
    return null;
  }
  if (/^\/sandbox\/checkout\/[A-Za-z0-9_-]+$/.test(url.pathname) && !url.search) return url.pathname;
  if (url.protocol === "https:" && url.hostname === "checkout.stripe.com") return url.toString();
  return null;
}

/** The form posts here: one call of operatorCreateBooking, then the booking's page (card now: its checkout). */
export const staffBookingAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "takeBookings",
    single: true,
    forms: { book: StaffBookingFormSchema },
    shown: {
      codes: {
        departure_closed: { field: "allowClosed", key: "desk.newBooking.closedRefused" },
        departure_cancelled: { key: "desk.newBooking.cancelledRefused" },
        slot_not_found: { key: "desk.newBooking.slotNotFound" },
        sold_out: { key: "desk.newBooking.soldOut" },
        idempotency_key_reused: { key: "desk.newBooking.keyReused" },
        pickup_required: { field: "pickupPointId", key: "desk.newBooking.pickupRequired" },
        private_unavailable: { field: "private", key: "desk.newBooking.privateUnavailable" },
        add_on_sold_out: { key: "desk.newBooking.addOnSoldOut" },
      },
      fields: {
        customTotal: "desk.newBooking.customTotalInvalid",
        priceReason: "validation.reasonRequired",
        pickupPointId: "desk.newBooking.pickupInvalid",
        private: "desk.newBooking.privateRefused",
      },
    },
    async run(form, { api }) {
      const placed = await api.call("operatorCreateBooking", {
        headers: { "Idempotency-Key": form.idempotencyKey },
        body: {
          slotId: form.slotId,
          tickets: form.tickets.filter((line) => line.quantity > 0),
          guest: { name: form.guestName, email: form.guestEmail, phone: form.guestPhone },
          payment: form.payment,
          customTotal: form.customTotal,
          priceReason: form.priceReason,
          marketingConsent: form.marketingConsent === "on",
          allowClosed: form.allowClosed === "on",
          pickupPointId: form.pickupPointId || undefined,
          private: form.private === "on",
          addOns: form.addOns.filter((line) => line.quantity > 0),
        },
      });
      const page = `/console/bookings/${placed.booking.id}`;
      const checkout = form.payment === "card_now" ? checkoutTarget(placed.checkoutUrl) : null;
      if (checkout) return { answer: redirect(checkout) };
      return { to: page, flash: `desk.newBooking.done_${form.payment}` };
    },
  });
