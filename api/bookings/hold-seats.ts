/**
 * Holding a new booking's seats: the guest's own earlier hold answered again or replaced, the
 * seats and the promo code's redemption taken.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookings, type BookingRow } from "../db/schema";
import { bookingEnv, paymentEnv } from "../env";
import { conflict } from "../http/errors";
import type { BookableService } from "../catalog/bookable-service";
import { redeemPromo } from "../promo/service";
import { recordReferral } from "../referrals/service";
import { releaseBooking } from "./fulfilment";
import { newBookingId } from "./ids";
import { changeOrderOf, type PricedOrder } from "./price";
import { takeSeats } from "./seats";
import type { BookingAddOn } from "~contract/bookings/add-ons";
import { takeAddOnsOrRefuse } from "./add-on-stock";
import { acceptOffer } from "./waitlist-offer";
import { debitGiftCard, type GiftCardRef } from "../gift-cards/ledger";
import type { CreateBookingBody } from "~contract/bookings/requests";
import { NO_ANSWERS, type BookingAnswers } from "~contract/bookings/questions";
import type { BookingPickupPoint } from "~contract/bookings/pickup-rules";
import type { StaffPayment } from "~contract/statuses";
import { refuseSuspendedLocked } from "../accounts/status";
import type { OctoContact, OctoUnitItemRef } from "~contract/octo/bookings";

type TicketLine = { ticketTypeId: string; quantity: number };

/** Two lists of lines are the same, whatever their order (lines of quantity 0 do not count). */
const sameLines =
  <Line extends { quantity: number }>(idOf: (line: Line) => string) =>
  (a: readonly Line[], b: readonly Line[]) => {
    const key = (lines: readonly Line[]) =>
      lines
        .filter((line) => line.quantity > 0)
        .map((line) => `${idOf(line)}:${line.quantity}`)
        .sort()
        .join(",");
    return key(a) === key(b);
  };

/** The same tickets, whatever their order (lines of quantity 0 do not count). */
export const sameTickets = sameLines<TicketLine>((line) => line.ticketTypeId);
/** The same add-ons (issue 46), likewise. */
export const sameAddOns = sameLines<Pick<BookingAddOn, "addOnId" | "quantity">>((line) => line.addOnId);

const soldOut = () => conflict("Not enough seats left for this time.", "sold_out");
const privateUnavailable = () =>
  conflict("This time already has guests: it cannot be booked as a private departure.", "private_unavailable");

/**
 * Takes the order's seats on its departure (THE conditional update every channel uses): a private
 * order the whole departure, only one with no seat taken (409 private_unavailable); else 409 sold_out.
 */
async function takeOrderSeats(tx: Db, request: HoldRequest, id: string, options: { evenClosed?: boolean } = {}) {
  const { body, order } = request;
  const privateFor = order.privateMinor === null ? undefined : id;
  if (await takeSeats(tx, body.slotId, body.serviceId, order.price.seats, { ...options, privateFor })) return;
  throw privateFor ? privateUnavailable() : soldOut();
}

/** The guest's held bookings on a departure whose hold has not run out. */
async function heldBy(db: Db, userId: string, slotId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.slotId, slotId),
        eq(bookings.status, "held"),
        sql`${bookings.holdExpiresAt} > app_now()`,
      ),
    )
    .orderBy(asc(bookings.createdAt));
}

/** Cancels the given holds that are still held (row locks first, as everywhere), freeing their seats. */
async function releaseOwnHolds(tx: Db, holds: BookingRow[]): Promise<BookingRow[]> {
  const released: BookingRow[] = [];
  for (const hold of holds) {
    const [locked] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, hold.id), eq(bookings.status, "held")))
      .for("update");
    if (!locked) continue;
    await releaseBooking(tx, locked, "cancelled", { cancelledAt: sql`app_now()`, paymentStatus: "expired" });
    released.push(locked);
  }
  return released;
}

/** A guest booking for themselves (their account). */
export interface UserHolder {
  kind: "user";
  userId: string;
}

/** A team member booking for a guest without an account (the desk's staff booking, channel `staff`). */
export interface StaffHolder {
  kind: "staff";
  takenByUserId: string;
  guest: { name: string; email: string; phone: string | null };
  staffPayment: StaffPayment;
  priceReason: string | null;
  marketingConsent: boolean;
  /** A departure closed for online sales (or past its cut-off) may be booked. */
  evenClosed: boolean;
  /** How long a card payment's hold lasts. */
  holdMinutes: number;
  /** Written in the transaction that takes the seats (the audit log). */
  afterInsert?: (tx: Db, booking: BookingRow) => Promise<void>;
}

/**
 * A reseller's reservation through /octo (issue 47, channel `reseller`): no account and no team
 * member; the OCTO uuid it reserved with (one booking per uuid per reseller), its reference, notes
 * and contact as sent; held `holdMinutes` until the reseller confirms it.
 */
export interface ResellerHolder {
  kind: "reseller";
  resellerId: string;
  uuid: string;
  resellerReference: string | null;
  notes: string | null;
  contact: OctoContact;
  /** The contact on the guest columns (the desk, the manifest): a US phone only (their format). */
  guest: { name: string | null; email: string | null; phone: string | null };
  unitItems: OctoUnitItemRef[];
  holdMinutes: number;
}

export interface HoldRequest {
  holder: UserHolder | StaffHolder | ResellerHolder;
  context: BookableService;
  body: Pick<CreateBookingBody, "slotId" | "serviceId" | "saveCard" | "waitlistOffer" | "utm">;
  order: PricedOrder;
  idempotencyKey: string;
  /** The answers to the service's questions (context.questions), as judged; none: nothing answered yet. */
  answers?: BookingAnswers;
  /** The pickup point chosen, as the booking keeps it (none: null or left out). */
  pickup?: BookingPickupPoint | null;
  /** scheme://host[:port] the request was sent to. */
  origin: string;
  /** Booked in an operator's storefront. */
  storefront: boolean;
  /** The gift card that pays what its balance allows (a typed code, or one of the guest's own). */
  giftCard: GiftCardRef | null;
}

export interface Hold {
  booking: BookingRow;
  /** The guest's own hold of this very order, answered again (nothing was taken). */
  reused: boolean;
  /** The guest's earlier holds on the departure that this order replaced (their checkouts are to be closed). */
  replaced: BookingRow[];
}

/**
 * Takes the order's seats (and its promo code's redemption) and writes the booking, held, in one
 * transaction; 409 sold_out or promo_invalid when they cannot be had.
 *
 * The guest's own hold on this departure never blocks them: the same order answers that booking
 * again (one booking however often Pay is pressed, from however many pages); a changed order
 * replaces it in the transaction that takes the seats, so its seats count. With a waitlist offer
 * the seats held for it are taken over instead (never the public's). Two requests of one
 * guest for one departure take turns (a transaction-scoped advisory lock).
 */
export async function holdSeats(db: Db, request: HoldRequest): Promise<Hold> {
  if (request.holder.kind === "staff") return holdStaffSeats(db, request, request.holder);
  if (request.holder.kind === "reseller") return holdResellerSeats(db, request, request.holder);
  const { userId } = request.holder;
  const { context, body, order } = request;
  const { promo, price } = order;
  const referralCode = order.referral?.applied ? order.referral.code : null;
  return db.transaction(async (tx): Promise<Hold> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${userId}:${body.slotId}`}, 0))`);
    // In the transaction that takes the seats: a suspension that committed first refuses the sale.
    await refuseSuspendedLocked(tx, context.account.id);
    const ownHolds = await heldBy(tx, userId, body.slotId);
    const reused = ownHolds.find(
      (hold) =>
        sameTickets(hold.tickets, order.tickets) &&
        sameAddOns(hold.addOns, order.addOns) &&
        hold.promoCode === (promo?.code ?? null) &&
        hold.totalMinor === price.totalMinor &&
        hold.privatePriceMinor === order.privateMinor &&
        hold.saveCard === body.saveCard &&
        hold.giftCardMinor > 0 === Boolean(request.giftCard),
    );
    if (reused) {
      // The same order again (Pay pressed again, after changing an answer): its answers are the latest.
      const [fresh] = await tx
        .update(bookings)
        .set({ questions: context.questions, answers: request.answers ?? NO_ANSWERS, pickup: request.pickup ?? null })
        .where(eq(bookings.id, reused.id))
        .returning();
      return { booking: fresh, reused: true, replaced: [] };
    }
    const replaced = await releaseOwnHolds(tx, ownHolds);
    const id = newBookingId();
    if (body.waitlistOffer && order.privateMinor !== null) throw privateUnavailable();
    if (body.waitlistOffer) {
      // The seats held for the caller's waitlist offer become this booking's (the offer is used up).
      const accepted = await acceptOffer(tx, {
        userId,
        slotId: body.slotId,
        token: body.waitlistOffer,
        seats: price.seats,
        bookingId: id,
      });
      if (!accepted)
        throw conflict(
          "This waitlist offer cannot be used: it has expired, was used or is for other seats.",
          "waitlist_offer_invalid",
        );
    } else await takeOrderSeats(tx, request, id);
    // The add-ons' stock, in the same locked step as the seats (409 add_on_sold_out rolls both back).
    await takeAddOnsOrRefuse(tx, body.slotId, order.addOns);
    if (promo && !(await redeemPromo(tx, promo.code, context.account))) {
      throw conflict(`The promo code ${promo.code} cannot be used any more.`, "promo_invalid");
    }
    const [row] = await tx
      .insert(bookings)
      .values({
        ...bookingValues(request, id, bookingEnv.holdMinutes),
        userId,
        promoCode: promo?.code ?? null,
        referralCode,
      })
      .returning();
    if (referralCode) await recordReferral(tx, userId, referralCode, row.id);
    if (request.giftCard && price.totalMinor > 0) {
      // The card pays what its balance allows, taken under its row lock with the seats (one transaction).
      const { takenMinor } = await debitGiftCard(tx, {
        card: request.giftCard,
        accountId: request.storefront ? context.account.id : null,
        currency: context.account.currency,
        wantedMinor: price.totalMinor,
        bookingId: id,
      });
      const [paid] = await tx
        .update(bookings)
        .set({ giftCardMinor: takenMinor })
        .where(eq(bookings.id, id))
        .returning();
      return { booking: paid, reused: false, replaced };
    }
    return { booking: row, reused: false, replaced };
  });
}

/** The columns every new held booking gets from its request. */
function bookingValues(request: HoldRequest, id: string, holdMinutes: number) {
  const { context, body, order } = request;
  const { price } = order;
  return {
    id,
    accountId: context.account.id,
    experienceId: context.experience.id,
    serviceId: context.service.id,
    slotId: body.slotId,
    status: "held" as const,
    ...changeOrderOf(order),
    addOns: order.addOns,
    // The questions as asked now: later changes to the experience's list do not touch this booking.
    questions: context.questions,
    answers: request.answers ?? NO_ANSWERS,
    // The pickup point as chosen now: later edits of the experience's points do not touch this booking.
    pickup: request.pickup ?? null,
    seats: price.seats,
    privatePriceMinor: order.privateMinor,
    currency: context.account.currency,
    utm: body.utm ?? null,
    holdExpiresAt: sql`app_now() + make_interval(mins => ${holdMinutes})`,
    idempotencyKey: request.idempotencyKey,
    origin: request.origin,
    storefront: request.storefront,
    saveCard: body.saveCard,
    paymentStatus: price.totalMinor > 0 ? ("pending" as const) : ("not_required" as const),
    // The commission it is sold at: its operator's rate now (a later change applies to later bookings).
    commissionBps: context.account.commissionBps ?? paymentEnv.commissionBps,
  };
}

/** The columns of a booking for a guest without an account: who they are, as the channel names them. */
const guestColumns = (guest: { name: string | null; email: string | null; phone: string | null }) => ({
  userId: null,
  guestName: guest.name,
  guestEmail: guest.email,
  guestPhone: guest.phone,
});

/**
 * A staff booking's seats: the desk can never oversell a departure; the booking written held (its
 * payment settles it next), for the guest's contact, naming the member who took it. No promo code,
 * invitation or gift card.
 */
const holdStaffSeats = (db: Db, request: HoldRequest, holder: StaffHolder) =>
  holdForGuest(db, request, {
    holdMinutes: holder.holdMinutes,
    evenClosed: holder.evenClosed,
    afterInsert: holder.afterInsert,
    columns: {
      ...guestColumns(holder.guest),
      takenByUserId: holder.takenByUserId,
      staffPayment: holder.staffPayment,
      priceReason: holder.priceReason,
      marketingConsent: holder.marketingConsent,
    },
  });

/**
 * A reseller's reservation (issue 47): only while the departure is on sale, held for `holdMinutes`,
 * naming the reseller and the OCTO uuid (the unique index bookings_reseller_uuid_key refuses a
 * second booking of one uuid, seats rolled back with it).
 */
const holdResellerSeats = (db: Db, request: HoldRequest, holder: ResellerHolder) =>
  holdForGuest(db, request, {
    holdMinutes: holder.holdMinutes,
    columns: {
      ...guestColumns(holder.guest),
      resellerId: holder.resellerId,
      octoUuid: holder.uuid,
      resellerReference: holder.resellerReference,
      notes: holder.notes,
      octoContact: holder.contact,
      octoUnitItems: holder.unitItems,
    },
  });

/**
 * A booking for a guest without an account (the desk's, a reseller's): its seats taken with THE
 * conditional update every channel uses (takeSeats), its add-ons' stock in the same step, written
 * held with the channel's own columns, in one transaction.
 */
async function holdForGuest(
  db: Db,
  request: HoldRequest,
  how: {
    holdMinutes: number;
    evenClosed?: boolean;
    columns: Partial<typeof bookings.$inferInsert>;
    afterInsert?: (tx: Db, row: BookingRow) => Promise<void>;
  },
): Promise<Hold> {
  const { body, order } = request;
  return db.transaction(async (tx): Promise<Hold> => {
    await refuseSuspendedLocked(tx, request.context.account.id);
    const id = newBookingId();
    await takeOrderSeats(tx, request, id, { evenClosed: how.evenClosed });
    await takeAddOnsOrRefuse(tx, body.slotId, order.addOns);
    const [row] = await tx
      .insert(bookings)
      .values({ ...bookingValues(request, id, how.holdMinutes), ...how.columns })
      .returning();
    await how.afterInsert?.(tx, row);
    return { booking: row, reused: false, replaced: [] };
  });
}
