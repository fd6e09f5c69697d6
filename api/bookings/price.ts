/**
 * The price of an order: its tickets at the service's prices, less the discount of its promo code
 * or, without one, of the invitation the guest followed. A quote and a booking are priced alike.
 */
import type { Db } from "../db/client";
import type {
  BookingChangeOrder,
  BookingRow,
  BookingTicket,
  PromoCodeRow,
  ServiceRow,
  TicketTypeRow,
} from "../db/schema";
import { validationError, type FieldErrors } from "../http/errors";
import type { BookableService } from "../catalog/bookable-service";
import { findUsablePromo, toPricingPromo } from "../promo/service";
import { referralFor } from "../referrals/service";
import { priceBreakdown, type PriceBreakdown, type PricedTicket } from "~contract/bookings/pricing";
import type { QuoteBody } from "~contract/bookings/requests";
import type { QuoteReferral } from "~contract/gifts/referrals";
import type { BookingAddOn } from "~contract/bookings/add-ons";
import { chosenAddOns } from "./add-ons";
import { privateSaleOf } from "../catalog/private-sale";

/**
 * Prices the requested tickets with the service's ticket types (400 with `fields` for a type
 * of another service). Lines with quantity 0 are dropped.
 */
function priceTickets(
  types: TicketTypeRow[],
  requested: Array<{ ticketTypeId: string; quantity: number }>,
): { priced: PricedTicket[]; tickets: BookingTicket[] } {
  const byId = new Map(types.map((type) => [type.id, type]));
  const fields: FieldErrors = {};
  requested.forEach((line, index) => {
    if (!byId.has(line.ticketTypeId)) fields[`tickets.${index}.ticketTypeId`] = ["Not a ticket type of this service."];
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const tickets = requested
    .filter((line) => line.quantity > 0)
    .map((line) => {
      const type = byId.get(line.ticketTypeId)!;
      return {
        ticketTypeId: type.id,
        code: type.code,
        name: type.name,
        quantity: line.quantity,
        unitPriceMinor: type.priceMinor,
      };
    });
  return {
    tickets,
    priced: tickets.map((ticket) => ({
      ticketTypeId: ticket.ticketTypeId,
      name: ticket.name,
      unitPriceMinor: ticket.unitPriceMinor,
      quantity: ticket.quantity,
    })),
  };
}

/**
 * The discount of a booking: its promo code, or else the invitation the guest followed (only for
 * a signed-in guest, only on their first booking: see referralFor).
 */
async function discountOf(
  db: Db,
  ticketsMinor: number,
  promo: PromoCodeRow | null,
  referralCode: string | undefined,
  userId: string | null,
) {
  if (promo) return { pricing: toPricingPromo(promo), referral: null };
  if (!referralCode) return { pricing: null, referral: null };
  const referral = await referralFor(db, userId, referralCode, ticketsMinor);
  if (!userId) return { pricing: null, referral: { ...referral, applied: false, discountMinor: 0 } };
  const pricing = referral.applied
    ? { code: referral.code, percentOff: null, amountOffMinor: referral.discountMinor }
    : null;
  return { pricing, referral };
}

/**
 * A private order's group price (issue 46): the service must sell so, and take this many guests;
 * a service sold only private takes no order by the seat. Null: an order by the seat.
 */
function privatePriceOf(service: ServiceRow, wanted: boolean, seats: number): number | null {
  if (!wanted) {
    if (service.privateSale === "only")
      throw validationError({ private: ["This service is sold only as a private departure."] });
    return null;
  }
  const sale = privateSaleOf(service);
  if (!sale) throw validationError({ private: ["This service is not sold as a private departure."] });
  if (seats > sale.maxGuests)
    throw validationError({ tickets: [`A private departure of this service takes at most ${sale.maxGuests} guests.`] });
  return sale.priceMinor;
}

export interface PricedOrder {
  tickets: BookingTicket[];
  /** The add-ons asked for (issue 46), as the booking keeps them. */
  addOns: BookingAddOn[];
  /** The promo code asked for, when it can be used with this operator now. */
  promo: PromoCodeRow | null;
  /** The invitation asked for: applied or why not (null without one, or when a promo code is used). */
  referral: QuoteReferral | null;
  price: PriceBreakdown;
  /** The group price of a private order (the whole departure); null: by the seat. */
  privateMinor: number | null;
}

/** A priced order as a booking keeps it (and a booking change records it): the tickets and the price's parts. */
export const changeOrderOf = ({ tickets, price }: Pick<PricedOrder, "tickets" | "price">): BookingChangeOrder => ({
  tickets,
  subtotalMinor: price.subtotalMinor,
  discountMinor: price.discountMinor,
  feesMinor: price.feesMinor,
  taxMinor: price.taxMinor,
  totalMinor: price.totalMinor,
});

/** Prices an order for this service; an unusable promo code is simply not applied (`promo` null). */
export async function priceOrder(
  db: Db,
  context: BookableService,
  order: Pick<QuoteBody, "tickets" | "promoCode" | "referralCode"> &
    Partial<Pick<QuoteBody, "addOns" | "private">> & {
      /** A booking's own add-ons, at the prices it paid (a move to another departure re-prices its tickets only). */
      keptAddOns?: BookingAddOn[];
    },
  userId: string | null,
): Promise<PricedOrder> {
  const { priced, tickets } = priceTickets(context.ticketTypes, order.tickets);
  const seats = tickets.reduce((sum, ticket) => sum + ticket.quantity, 0);
  const privateMinor = privatePriceOf(context.service, order.private ?? false, seats);
  const addOns = order.keptAddOns ?? (await chosenAddOns(db, context.experience.id, order.addOns, seats));
  const promo = order.promoCode ? await findUsablePromo(db, order.promoCode, context.account) : null;
  const ticketsMinor = priceBreakdown(priced, null, 0, [], privateMinor).subtotalMinor;
  const discount = await discountOf(db, ticketsMinor, promo, order.referralCode, userId);
  return {
    // A private booking's guests are in its group price: its tickets cost nothing by themselves.
    tickets: privateMinor === null ? tickets : tickets.map((ticket) => ({ ...ticket, unitPriceMinor: 0 })),
    addOns,
    promo,
    referral: discount.referral,
    price: priceBreakdown(priced, discount.pricing, 0, addOns, privateMinor),
    privateMinor,
  };
}

/**
 * A booking's own order priced again for another departure (a move): its tickets at today's
 * prices, its add-ons as it bought them, its promo code, private again when it was.
 */
export function repriceBooking(db: Db, context: BookableService, booking: BookingRow, userId: string | null) {
  return priceOrder(
    db,
    context,
    {
      tickets: booking.tickets,
      promoCode: booking.promoCode ?? undefined,
      keptAddOns: booking.addOns,
      private: booking.privatePriceMinor !== null,
    },
    userId,
  );
}
