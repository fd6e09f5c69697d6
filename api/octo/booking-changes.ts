/**
 * What a reseller does to its booking after the reservation (issue 47): confirm it (THE fulfilment,
 * settled as paid by the reseller: no card, no ledger line), change its reference, contact or notes,
 * hold it longer, cancel it (its seats freed by releaseBooking, as the storefront's). Each call
 * first lets the hold sweep expire the departure's holds that ran out, so a hold left to run out
 * answers EXPIRED and can be neither confirmed nor extended.
 */
import { orderNetMinor, type ResellerTerms } from "../resellers/commission";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  OCTO_DEFAULT_EXPIRATION_MINUTES,
  type OctoCancelBody,
  type OctoConfirmBody,
  type OctoExtendBody,
  type OctoUpdateBody,
} from "~contract/octo/bookings";
import type { OctoBooking } from "~contract/octo/outputs";
import type { Db } from "../db/client";
import { bookings, slots, type BookingRow } from "../db/schema";
import { writeBookingEmail } from "../bookings/booking-mail";
import { cancellationEmail } from "../bookings/emails";
import { emailConfirmation, fulfilBooking, releaseBooking } from "../bookings/fulfilment";
import { expireHolds } from "../bookings/hold-expiry";
import { announceBookingChange } from "../bookings/webhook-events";
import { changeOrderOf, priceOrder, type PricedOrder } from "../bookings/price";
import { releaseSeats, takeSeats } from "../bookings/seats";
import { loadBookableService } from "../catalog/bookable-service";
import { checkedInGuestsSql, freeCancellationOpenSql } from "../bookings/view";
import { optionAsked } from "./availability";
import { octoBookingView, octoStatusOf, ownBooking } from "./booking-view";
import { unprocessable } from "./errors";
import { departureOf, guestColumnsOf, mergedContact, ticketsOf } from "./reserve";
import type { OctoCaller } from "./register";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The caller's booking of `uuid` (INVALID_BOOKING_UUID), after its departure's run-out holds are swept. */
async function sweptBooking(caller: OctoCaller, uuid: string): Promise<BookingRow> {
  const booking = await ownBooking(caller, uuid);
  await expireHolds(caller.db, { slotId: booking.slotId });
  return booking;
}

/** The booking locked (FOR UPDATE, the order every writer of bookings keeps), with its window and check-ins. */
async function locked(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      booking: bookings,
      holdRanOut: sql<boolean>`(${bookings.holdExpiresAt} <= app_now())`,
      cancellationOpen: freeCancellationOpenSql,
      checkedIn: checkedInGuestsSql,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(eq(bookings.id, id))
    .for("update", { of: bookings });
  return row;
}

/** The contact, reference and notes sent, as the booking's columns (only those sent). */
function contactChanges(booking: BookingRow, body: Pick<OctoUpdateBody, "contact" | "resellerReference" | "notes">) {
  const contact = body.contact ? mergedContact(booking.octoContact, body.contact) : null;
  return {
    ...(contact ? { octoContact: contact, ...guestColumnsOf(contact) } : {}),
    ...(body.resellerReference !== undefined ? { resellerReference: body.resellerReference } : {}),
    ...(body.notes !== undefined ? { notes: body.notes } : {}),
  };
}

/**
 * Unit items sent with a confirmation or an update, as the booking's columns. The same units: their
 * references and uuids. Other units (of the booking's option: checkUnits first): the booking
 * re-priced at the option's prices, and the seats' difference taken with THE conditional update
 * every channel uses (UNPROCESSABLE_ENTITY when they are not there) or given back.
 */
async function unitItemChanges(tx: Tx, caller: OctoCaller, booking: BookingRow, sent: OctoConfirmBody["unitItems"]) {
  if (!sent) return {};
  const asked = ticketsOf(sent);
  const same =
    asked.length === booking.tickets.length &&
    asked.every((line) =>
      booking.tickets.some((kept) => kept.ticketTypeId === line.ticketTypeId && kept.quantity === line.quantity),
    );
  if (!same) return changedUnits(tx, caller, booking, sent);
  const kept = [...(booking.octoUnitItems ?? [])];
  const items = sent.map((item) => {
    const index = kept.findIndex((candidate) => candidate.unitId === item.unitId);
    const [old] = kept.splice(index, 1);
    return {
      uuid: item.uuid ?? old.uuid,
      unitId: item.unitId,
      resellerReference: item.resellerReference ?? old.resellerReference,
    };
  });
  return { octoUnitItems: items };
}

/**
 * Units sent are the booking's option's (else INVALID_UNIT_ID, echoed): read before the booking's
 * transaction (the products' read has its own connection; the embedded database has one).
 */
async function checkUnits(caller: OctoCaller, booking: BookingRow, sent: OctoConfirmBody["unitItems"]) {
  if (!sent) return;
  await optionAsked(caller, {
    productId: booking.experienceId,
    optionId: booking.serviceId,
    units: ticketsOf(sent).map((line) => ({ id: line.ticketTypeId, quantity: line.quantity })),
  });
}

async function changedUnits(
  tx: Tx,
  caller: OctoCaller,
  booking: BookingRow,
  sent: NonNullable<OctoConfirmBody["unitItems"]>,
) {
  const tickets = ticketsOf(sent);
  if (sent.length === 0) throw unprocessable("Book at least one unit.");
  const context = await loadBookableService(tx, booking.serviceId, caller.account);
  const order = await priceOrder(tx, context, { tickets, addOns: [], private: false }, null);
  const more = order.price.seats - booking.seats;
  if (more > 0 && !(await takeSeats(tx, booking.slotId, booking.serviceId, more)))
    throw unprocessable("Not enough seats left on this departure for these units.");
  if (more < 0) await releaseSeats(tx, booking.slotId, -more, booking.id);
  return orderColumns(order, sent);
}

type Order = Pick<BookingRow, "totalMinor" | "tickets">;

/** A change's columns re-priced the booking (a new total and tickets). */
const repriced = (columns: object): columns is Order => "totalMinor" in columns;

/** What the reseller owes for an order, as the booking keeps it. */
const netColumn = (terms: ResellerTerms, order: Order) => ({
  resellerNetMinor: orderNetMinor(terms, order.totalMinor, order.tickets),
});

/** A re-priced order's columns, with its unit items (a new uuid for each one sent without). */
function orderColumns(order: PricedOrder, sent: readonly OctoUnitItemSent[]) {
  return {
    ...changeOrderOf(order),
    seats: order.price.seats,
    octoUnitItems: sent.map((item) => ({
      uuid: item.uuid ?? randomUUID(),
      unitId: item.unitId,
      resellerReference: item.resellerReference ?? null,
    })),
  };
}

/** A unit item as sent, or as the booking keeps it. */
type OctoUnitItemSent = { unitId: string; uuid?: string | null; resellerReference?: string | null };
interface MoveTarget {
  productId: string;
  optionId: string;
  slotId: string;
  items: readonly OctoUnitItemSent[];
}

/**
 * Where a PATCH moves a booking (another departure, option or product: its availabilityId and,
 * for another option, its unitItems), read before the booking's transaction; null: it stays.
 * Unknown ids are OCTO's INVALID_* errors, echoed.
 */
async function moveTarget(caller: OctoCaller, booking: BookingRow, body: OctoUpdateBody): Promise<MoveTarget | null> {
  const productId = body.productId ?? booking.experienceId;
  const optionId = body.optionId ?? booking.serviceId;
  const otherOption = productId !== booking.experienceId || optionId !== booking.serviceId;
  if (!otherOption && body.availabilityId === undefined) return null;
  if (otherOption && (body.availabilityId === undefined || body.unitItems === undefined))
    throw unprocessable("A move to another product or option names its availabilityId and its unitItems.");
  const items = body.unitItems ?? booking.octoUnitItems ?? [];
  await optionAsked(caller, {
    productId,
    optionId,
    units: ticketsOf(items).map((line) => ({ id: line.ticketTypeId, quantity: line.quantity })),
  });
  const slot = await departureOf(caller, optionId, body.availabilityId);
  if (!otherOption && slot.id === booking.slotId) return null;
  return { productId, optionId, slotId: slot.id, items };
}

/**
 * The booking moved to its target: its seats given back and the target's taken with THE
 * conditional update every channel uses (UNPROCESSABLE_ENTITY, nothing changed, when they are not
 * there), re-priced at the target option's prices. Its ticket code stays: the reseller's voucher
 * is still good.
 */
async function movedColumns(tx: Tx, caller: OctoCaller, booking: BookingRow, target: MoveTarget) {
  if (target.items.length === 0) throw unprocessable("Book at least one unit.");
  const context = await loadBookableService(tx, target.optionId, caller.account);
  const tickets = ticketsOf(target.items);
  const order = await priceOrder(tx, context, { tickets, addOns: [], private: false }, null);
  await releaseSeats(tx, booking.slotId, booking.seats, booking.id);
  if (!(await takeSeats(tx, target.slotId, target.optionId, order.price.seats)))
    throw unprocessable("Not enough seats left on that departure for these units.");
  return {
    experienceId: target.productId,
    serviceId: target.optionId,
    slotId: target.slotId,
    ...orderColumns(order, target.items),
  };
}

/**
 * POST /octo/bookings/{uuid}/confirm: CONFIRMED, paid by the reseller; again on a confirmed one: its
 * contact updated, the same booking. The guest is emailed the confirmation (with the ticket) only
 * when the reseller asks (emailReceipt: true), again on a confirmed one too: a reseller sends its own.
 */
export async function confirmBooking(caller: OctoCaller, uuid: string, body: OctoConfirmBody): Promise<OctoBooking> {
  const { db } = caller;
  const booking = await sweptBooking(caller, uuid);
  await checkUnits(caller, booking, body.unitItems);
  const terms = await caller.terms();
  const status = await db.transaction(async (tx) => {
    const row = await locked(tx, booking.id);
    const current = octoStatusOf(row);
    if (current !== "ON_HOLD" && current !== "CONFIRMED")
      throw unprocessable(`This booking is ${current}: it cannot be confirmed.`);
    const order = await unitItemChanges(tx, caller, row.booking, body.unitItems);
    const changes = {
      ...contactChanges(row.booking, body),
      ...order,
      // What the reseller owes, fixed as it confirms (and again when a confirmed one's units change).
      ...(repriced(order) ? netColumn(terms, order) : current === "ON_HOLD" ? netColumn(terms, row.booking) : {}),
    };
    if (Object.keys(changes).length > 0)
      await tx
        .update(bookings)
        .set({ ...changes, updatedAt: sql`app_now()` })
        .where(eq(bookings.id, booking.id));
    return current;
  });
  if (status === "ON_HOLD") {
    // THE fulfilment (the storefront's and the desk's): confirmed with its ticket, settled outside
    // the platform — the reseller collected the price and owes the operator its net (no ledger line).
    const outcome = await fulfilBooking(db, booking.id, {
      sessionId: null,
      paymentIntentId: null,
      paymentMethodSaved: false,
      settled: { paymentStatus: "paid", provider: "reseller" },
      confirmationEmail: body.emailReceipt === true,
    });
    if (outcome !== "confirmed" && outcome !== "already_confirmed")
      throw unprocessable("This booking can no longer be confirmed.");
  } else if (body.emailReceipt === true) await emailConfirmation(db, booking);
  return octoBookingView(caller, uuid);
}

/**
 * PATCH /octo/bookings/{uuid}: the reseller's reference, the contact and the notes, while the
 * booking may be cancelled (ON_HOLD, or CONFIRMED before the cut-off); an ON_HOLD one's expiry
 * too, and its units (re-priced, the seats' difference taken or given back); it moves to another
 * departure, option or product (its seats there taken, re-priced; a confirmed one tells the webhooks).
 */
export async function updateBooking(caller: OctoCaller, uuid: string, body: OctoUpdateBody): Promise<OctoBooking> {
  const booking = await sweptBooking(caller, uuid);
  const target = await moveTarget(caller, booking, body);
  if (!target) await checkUnits(caller, booking, body.unitItems);
  const terms = await caller.terms();
  await caller.db.transaction(async (tx) => {
    const row = await locked(tx, booking.id);
    const current = octoStatusOf(row);
    const changeable =
      current === "ON_HOLD" || (current === "CONFIRMED" && row.cancellationOpen && Number(row.checkedIn) === 0);
    if (!changeable) throw unprocessable(`This booking is ${current} and can no longer be changed.`);
    const kept = row.booking;
    if (body.expirationMinutes !== undefined && current !== "ON_HOLD")
      throw unprocessable("Only a booking ON_HOLD has an expiry to change.");
    // Where a move leaves from (its webhook event names it): read before the booking moves.
    const from = target ? { slotId: kept.slotId, startsAt: new Date(await startOf(tx, kept.slotId)) } : null;
    const order = target
      ? await movedColumns(tx, caller, kept, target)
      : await unitItemChanges(tx, caller, kept, body.unitItems);
    await tx
      .update(bookings)
      .set({
        ...contactChanges(kept, body),
        ...order,
        ...(current === "CONFIRMED" && repriced(order) ? netColumn(terms, order) : {}),
        ...(body.expirationMinutes !== undefined
          ? { holdExpiresAt: sql`app_now() + make_interval(mins => ${body.expirationMinutes})` }
          : {}),
        updatedAt: sql`app_now()`,
      })
      .where(eq(bookings.id, kept.id));
    // A confirmed booking moved tells the operator's webhooks, as every move does.
    if (from && current === "CONFIRMED") await announceBookingChange(tx, kept, "booking.changed", from);
  });
  return octoBookingView(caller, uuid);
}

async function startOf(tx: Tx, slotId: string): Promise<number> {
  const [slot] = await tx.select({ startsAt: slots.startsAt }).from(slots).where(eq(slots.id, slotId));
  return slot.startsAt.getTime();
}

/** POST /octo/bookings/{uuid}/extend: an ON_HOLD booking held `expirationMinutes` from now. */
export async function extendBooking(caller: OctoCaller, uuid: string, body: OctoExtendBody): Promise<OctoBooking> {
  const booking = await sweptBooking(caller, uuid);
  await caller.db.transaction(async (tx) => {
    const row = await locked(tx, booking.id);
    const current = octoStatusOf(row);
    if (current !== "ON_HOLD") throw unprocessable(`This booking is ${current}: only an ON_HOLD one can be extended.`);
    const minutes = body.expirationMinutes ?? OCTO_DEFAULT_EXPIRATION_MINUTES;
    await tx
      .update(bookings)
      .set({ holdExpiresAt: sql`app_now() + make_interval(mins => ${minutes})`, updatedAt: sql`app_now()` })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "held")));
  });
  return octoBookingView(caller, uuid);
}

/**
 * POST /octo/bookings/{uuid}/cancel: an ON_HOLD booking always; a CONFIRMED one while its departure
 * starts more than the operator's cancellation cut-off from now and no guest is checked in (else
 * UNPROCESSABLE_ENTITY). Its seats are freed by releaseBooking; a confirmed one is not billed to the
 * reseller (payment `refunded`, the whole total) and its guest gets the cancellation email. Again on
 * a cancelled booking: the same answer.
 */
export async function cancelBooking(caller: OctoCaller, uuid: string, body: OctoCancelBody): Promise<OctoBooking> {
  const booking = await sweptBooking(caller, uuid);
  await caller.db.transaction(async (tx) => {
    const row = await locked(tx, booking.id);
    const current = octoStatusOf(row);
    const kept = row.booking;
    const reason = { cancelledAt: sql`app_now()`, cancellationReason: body.reason ?? null };
    if (current === "CANCELLED") return;
    if (current === "ON_HOLD") {
      await releaseBooking(tx, kept, "cancelled", { ...reason, paymentStatus: "expired" });
      return;
    }
    if (current === "REDEEMED") throw unprocessable("A guest of this booking is checked in: it cannot be cancelled.");
    if (current !== "CONFIRMED") throw unprocessable(`This booking is ${current}: it cannot be cancelled.`);
    if (!row.cancellationOpen)
      throw unprocessable("The cancellation cut-off of this booking has passed: it can no longer be cancelled.");
    await releaseBooking(tx, kept, "cancelled", {
      ...reason,
      ...(kept.paymentStatus === "paid" ? { paymentStatus: "refunded" as const, refundMinor: kept.totalMinor } : {}),
    });
    await writeBookingEmail(tx, kept.id, cancellationEmail);
  });
  return octoBookingView(caller, uuid);
}
