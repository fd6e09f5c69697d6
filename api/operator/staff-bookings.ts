/**
 * The desk's staff bookings (issue 42, item 2): a booking the team takes for a guest on the phone
 * or at the desk. It goes through the traveller's machinery — priceOrder, holdSeats (THE seat
 * counter: takeSeats' conditional update), fulfilBooking (confirmation email, ticket), startPayment
 * (the checkout) — with a staff holder: no account, the guest's contact on the booking, the member
 * who took it (channel `staff`), how it is paid and why its price is what it is.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { departureJoins } from "../db/joins";
import { minorUnitDigits, minorUnitsIn } from "~contract/money";
import type { Bookable, StaffBookingBody, StaffBookingPlaced } from "~contract/operator/staff-bookings";
import type { PriceBreakdown } from "~contract/bookings/pricing";
import { writeAudit, type Actor } from "../audit/log";
import { loadBookableService } from "../catalog/bookable-service";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { accounts, bookings, experiences, services, slots, ticketTypes, type BookingRow } from "../db/schema";
import { conflict, forbidden, notFound, validationError } from "../http/errors";
import { enforceRateLimits } from "../rate-limit/service";
import { enqueueEmail } from "../outbox/service";
import { guestOf } from "../bookings/booking-mail";
import { startPayment } from "../bookings/checkout";
import { refusePayoutsNotReady } from "../payments/payout-accounts";
import { paymentLinkEmail } from "../bookings/emails";
import { fulfilBooking, type PaymentConfirmation } from "../bookings/fulfilment";
import { expireHolds } from "../bookings/hold-expiry";
import { holdSeats, sameAddOns, sameTickets } from "../bookings/hold-seats";
import { chosenPickupPoint, pickupPointRowsOf, toPickupPoint } from "../bookings/pickup-points";
import { privateSaleOf } from "../catalog/private-sale";
import { addOnsOf, experienceOutline } from "./add-ons";
import { priceOrder, type PricedOrder } from "../bookings/price";
import { bookingNotFound } from "../bookings/read";
import { onSaleSql, seatsLeftSql } from "../bookings/seats";
import { findBookingView } from "../bookings/view";
import { bookingReference } from "../ids";
import { departuresOf, seesMoney, type Member } from "../members/guard";
import { lockedAccount } from "./locked-account";

/**
 * A card payment's hold: the guest has most of a day to pay the emailed link (under the 24 hours
 * a Stripe Checkout Session may stay open).
 */
export const STAFF_CARD_HOLD_MINUTES = 23 * 60;

/** Staff bookings one member may take in 10 minutes (a busy desk's rush; a runaway script is stopped). */
export const STAFF_BOOKINGS_PER_MEMBER = 300;

/** Owner and manager take bookings; a guide only when the owner allows it (accounts.guides_may_book). */
export const mayTakeBookings = (member: Member) => member.role !== "guide" || member.account.guidesMayBook;

function refuseUnlessMayBook(member: Member): void {
  if (!mayTakeBookings(member)) throw forbidden("Your operator does not let guides take bookings.");
}

const departureClosed = () =>
  conflict(
    "This departure is closed for online sales. Confirm that you want to book it anyway (allowClosed).",
    "departure_closed",
  );

/** The departure to book: the operator's, not started, one the member may see (a guide: their own). */
async function loadDeparture(db: Db, member: Member, slotId: string) {
  const [row] = await departureJoins(
    db
      .select({ id: slots.id, serviceId: slots.serviceId, status: slots.status, onSale: onSaleSql })
      .from(slots)
      .$dynamic(),
  )
    .where(
      and(
        eq(slots.id, slotId),
        eq(experiences.accountId, member.account.id),
        sql`${slots.startsAt} > app_now()`,
        departuresOf(member),
      ),
    )
    .limit(1);
  if (!row) throw notFound("This departure does not exist or has already started.", "slot_not_found");
  return row;
}

/** The listed price, a custom total (with its reason), or nothing at all (comp). */
function priceFor(body: StaffBookingBody, listed: PriceBreakdown, currency: string): PriceBreakdown {
  const free = (): PriceBreakdown => ({
    ...listed,
    discountMinor: listed.subtotalMinor,
    feesMinor: 0,
    taxMinor: 0,
    totalMinor: 0,
  });
  if (body.payment === "comp") return free();
  if (body.customTotal === undefined) return listed;
  const totalMinor = minorUnitsIn(body.customTotal, currency);
  if (totalMinor === null || totalMinor > 100_000_000) {
    const digits = minorUnitDigits(currency);
    const words = digits === 0 ? `whole ${currency}` : `at most ${digits} digits after the point`;
    throw validationError({ customTotal: [`Write the price in ${words}.`] });
  }
  if (totalMinor === 0) return free();
  // The listed subtotal stays, less what the team took off (a dearer price: the subtotal is that price).
  const subtotalMinor = Math.max(listed.subtotalMinor, totalMinor);
  return { ...listed, subtotalMinor, discountMinor: subtotalMinor - totalMinor, feesMinor: 0, taxMinor: 0, totalMinor };
}

/**
 * How a booking settled at the desk is confirmed (null: a card payment, still to be made). Cash and
 * pay on arrival move no money through the platform, so fulfilment writes no ledger lines for them.
 */
function settlementOf(booking: BookingRow): PaymentConfirmation["settled"] | null {
  if (booking.totalMinor === 0 || booking.staffPayment === "comp")
    return { paymentStatus: "not_required", provider: null };
  if (booking.staffPayment === "cash") return { paymentStatus: "paid", provider: "cash" };
  if (booking.staffPayment === "pay_on_arrival") return { paymentStatus: "owed", provider: null };
  return null;
}

/** Where a card checkout returns: the console's page at the desk (card_now), the storefront for the guest's link. */
const checkoutReturn = (booking: BookingRow) =>
  booking.staffPayment === "card_now"
    ? { returnUrl: `/console/bookings/{bookingId}`, cancelUrl: `/console/bookings/${booking.id}` }
    : { returnUrl: "/" };

function toPlaced(member: Member, booking: BookingRow, checkoutUrl: string | null): StaffBookingPlaced {
  return {
    booking: {
      id: booking.id,
      reference: bookingReference(booking.id),
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      channel: "staff",
      staffPayment: booking.staffPayment!,
      slotId: booking.slotId,
      seats: booking.seats,
      guest: { name: booking.guestName!, email: booking.guestEmail!, phone: booking.guestPhone },
      holdExpiresAt: booking.status === "held" && booking.holdExpiresAt ? booking.holdExpiresAt.toISOString() : null,
      money: seesMoney(member)
        ? { totalMinor: booking.totalMinor, currency: booking.currency, priceReason: booking.priceReason }
        : null,
    },
    checkoutUrl,
  };
}

async function reload(db: Db, id: string): Promise<BookingRow> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** A card booking's checkout (opened now, or found again): its URL, or null when nothing waits for a card. */
async function cardCheckout(db: Db, booking: BookingRow): Promise<string | null> {
  if (booking.staffPayment !== "card_link" && booking.staffPayment !== "card_now") return null;
  if (booking.status !== "held") return null;
  const placed = await startPayment(db, booking, checkoutReturn(booking), booking.guestEmail, false);
  return new URL(placed.checkoutUrl, booking.origin).toString();
}

async function findByKey(db: Db, member: Member, key: string): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.takenByUserId, member.userId), eq(bookings.idempotencyKey, key), isNull(bookings.userId)))
    .limit(1);
  return row ?? null;
}

export interface StaffBookingInput {
  body: StaffBookingBody;
  idempotencyKey: string;
  /** scheme://host[:port] the console was reached on: links in the guest's emails point there. */
  origin: string;
}

/**
 * POST /v1/operator/bookings. The same Idempotency-Key from the same member answers the same
 * booking (also when two requests race: the unique index bookings_staff_idempotency_key rolls the
 * loser back, seats included); the key used for another booking is 409 idempotency_key_reused.
 */
export async function createStaffBooking(
  db: Db,
  member: Member,
  actor: Actor,
  input: StaffBookingInput,
): Promise<{ placed: StaffBookingPlaced; created: boolean }> {
  const { body, idempotencyKey } = input;
  refuseUnlessMayBook(member);

  const replay = async (existing: BookingRow) => {
    if (
      existing.accountId !== member.account.id ||
      existing.slotId !== body.slotId ||
      existing.staffPayment !== body.payment ||
      existing.guestEmail !== body.guest.email ||
      !sameTickets(existing.tickets, body.tickets) ||
      !sameAddOns(existing.addOns, body.addOns) ||
      (existing.pickup?.pickupPointId ?? undefined) !== body.pickupPointId
    ) {
      throw conflict(
        "This Idempotency-Key was used for another booking. Use a new key for a new booking.",
        "idempotency_key_reused",
      );
    }
    return { placed: toPlaced(member, existing, await cardCheckout(db, existing)), created: false };
  };
  const existing = await findByKey(db, member, idempotencyKey);
  if (existing) return replay(existing);

  await enforceRateLimits([
    { key: `staff-booking:member:${member.userId}`, limit: STAFF_BOOKINGS_PER_MEMBER, windowSeconds: 600 },
  ]);
  const departure = await loadDeparture(db, member, body.slotId);
  if (departure.status === "cancelled")
    throw conflict("This departure is cancelled: it takes no bookings.", "departure_cancelled");
  if (!departure.onSale && !body.allowClosed) throw departureClosed();
  // A card payment goes to the operator's payout account: with Stripe, one that cannot take charges refuses it.
  if (body.payment === "card_link" || body.payment === "card_now") await refusePayoutsNotReady(db, member.account.id);

  const context = await loadBookableService(db, departure.serviceId, member.account);
  // As the traveller's checkout: the whole departure when asked (a service sold only private: always).
  const wholly = body.private || context.service.privateSale === "only";
  const listed = await priceOrder(db, context, { tickets: body.tickets, addOns: body.addOns, private: wholly }, null);
  // The pickup point: one of the experience's, and one at all when it requires it (400 pickup_required).
  const pickup = await chosenPickupPoint(db, context.experience, body.pickupPointId, true);
  const order: PricedOrder = {
    ...listed,
    promo: null,
    referral: null,
    price: priceFor(body, listed.price, context.account.currency),
  };
  const priceReason = body.customTotal !== undefined || body.payment === "comp" ? (body.priceReason ?? null) : null;

  await expireHolds(db, { slotId: body.slotId });
  let booking: BookingRow;
  try {
    const hold = await holdSeats(db, {
      holder: {
        kind: "staff",
        takenByUserId: member.userId,
        guest: { name: body.guest.name, email: body.guest.email, phone: body.guest.phone ?? null },
        staffPayment: body.payment,
        priceReason,
        marketingConsent: body.marketingConsent,
        evenClosed: body.allowClosed,
        holdMinutes: STAFF_CARD_HOLD_MINUTES,
        afterInsert: (tx, row) =>
          writeAudit(tx, actor, "booking.created_by_staff", {
            bookingId: row.id,
            slotId: row.slotId,
            guestEmail: row.guestEmail,
            seats: String(row.seats),
            payment: body.payment,
            amountMinor: String(row.totalMinor),
            currency: row.currency,
            ...(priceReason ? { priceReason } : {}),
            ...(!departure.onSale ? { allowClosed: "true" } : {}),
            ...(row.privatePriceMinor !== null ? { private: "true" } : {}),
            ...(pickup ? { pickupPointId: pickup.pickupPointId } : {}),
            ...(row.addOns.length > 0
              ? { addOns: row.addOns.map((line) => `${line.addOnId}:${line.quantity}`).join(",") }
              : {}),
          }),
      },
      context,
      body: {
        slotId: body.slotId,
        serviceId: departure.serviceId,
        saveCard: false,
        waitlistOffer: undefined,
        utm: undefined,
      },
      order,
      idempotencyKey,
      pickup,
      origin: input.origin,
      // On the operator's storefront: its emails carry the operator's branding (the channel is `staff`).
      storefront: true,
      giftCard: null,
    });
    booking = hold.booking;
  } catch (error) {
    if (isUniqueViolation(error, "bookings_staff_idempotency_key")) {
      const winner = await findByKey(db, member, idempotencyKey);
      if (winner) return replay(winner);
    }
    throw error;
  }

  const settled = settlementOf(booking);
  if (settled) {
    await fulfilBooking(db, booking.id, { sessionId: null, paymentIntentId: null, paymentMethodSaved: false, settled });
    return { placed: toPlaced(member, await reload(db, booking.id), null), created: true };
  }
  const checkoutUrl = await cardCheckout(db, booking);
  if (booking.staffPayment === "card_link" && checkoutUrl) await emailPaymentLink(db, booking.id, checkoutUrl);
  return { placed: toPlaced(member, await reload(db, booking.id), checkoutUrl), created: true };
}

/** The card link to the guest's email (the outbox). */
async function emailPaymentLink(db: Db, bookingId: string, link: string): Promise<void> {
  const row = await findBookingView(db, bookingId);
  const guest = row ? await guestOf(db, row) : null;
  if (!row || !guest?.email) return;
  await enqueueEmail(db, paymentLinkEmail({ row, to: guest.email, firstName: guest.firstName }, link));
}

/**
 * POST /v1/operator/bookings/{bookingId}/paid: a booking that owed its price (pay on arrival) is
 * paid now (cash taken). Again on a booking marked paid at the desk: the same answer. A guide only
 * when guides may take bookings, on their departures (else 404 as an unknown booking).
 */
export async function markBookingPaid(db: Db, member: Member, actor: Actor, bookingId: string) {
  refuseUnlessMayBook(member);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ booking: bookings })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.accountId, member.account.id), departuresOf(member)))
      .for("update", { of: bookings });
    if (!row) throw bookingNotFound();
    const { booking } = row;
    const answer = (b: BookingRow) => ({ id: b.id, status: b.status, paymentStatus: b.paymentStatus });
    if (booking.paymentStatus === "paid" && booking.staffPayment === "pay_on_arrival") return answer(booking);
    if (booking.paymentStatus !== "owed" || booking.status !== "confirmed")
      throw conflict("This booking owes nothing.", "booking_not_owed");
    // Cash taken at the desk never passes through the platform: no ledger lines (api/ledger/record.ts).
    const [paid] = await tx
      .update(bookings)
      .set({ paymentStatus: "paid", paymentProvider: "cash", updatedAt: sql`app_now()` })
      .where(eq(bookings.id, booking.id))
      .returning();
    await writeAudit(tx, actor, "booking.marked_paid", {
      bookingId: booking.id,
      amountMinor: String(booking.totalMinor),
      currency: booking.currency,
    });
    return answer(paid);
  });
}

/** GET /v1/operator/booking-settings (owner). */
export async function bookingSettings(db: Db, accountId: string) {
  const [row] = await db
    .select({ guidesMayBook: accounts.guidesMayBook })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { guidesMayBook: row?.guidesMayBook ?? false };
}

/** PUT /v1/operator/booking-settings (owner): audited when it changes. */
export async function updateBookingSettings(db: Db, member: Member, actor: Actor, guidesMayBook: boolean) {
  return db.transaction(async (tx) => {
    const before = await lockedAccount(tx, member.account.id);
    if (before?.guidesMayBook !== guidesMayBook) {
      await tx.update(accounts).set({ guidesMayBook }).where(eq(accounts.id, member.account.id));
      await writeAudit(tx, actor, "booking_settings.updated", { guidesMayBook: String(guidesMayBook) });
    }
    return { guidesMayBook };
  });
}

/** How far ahead the desk's departure list reaches, and how many it lists at most. */
const BOOKABLE_DAYS = 120;
const BOOKABLE_MAX = 300;

/**
 * GET /v1/operator/bookable: the operator's experiences and, for the one chosen, its departures
 * that have not started (a guide: theirs) with seats left, and its ticket types.
 */
export async function bookableFor(db: Db, member: Member, experienceId: string | undefined): Promise<Bookable> {
  refuseUnlessMayBook(member);
  const list = await db
    .select(experienceOutline)
    .from(experiences)
    .where(eq(experiences.accountId, member.account.id))
    .orderBy(asc(experiences.title), asc(experiences.id));
  const money = seesMoney(member) ? { currency: member.account.currency } : null;
  const experiencesOut = list.map(({ id, title, timezone }) => ({ id, title, timezone }));
  const chosen = list.find((experience) => experience.id === experienceId);
  if (!chosen)
    return {
      experiences: experiencesOut,
      departures: [],
      ticketTypes: [],
      privateSales: [],
      pickupPoints: { required: false, points: [] },
      addOns: [],
      money,
    };
  const [departures, types, serviceRows, points, addOns] = await Promise.all([
    db
      .select({
        id: slots.id,
        serviceId: slots.serviceId,
        serviceName: services.name,
        startsAt: slots.startsAt,
        endsAt: slots.endsAt,
        capacity: slots.capacity,
        seatsLeft: seatsLeftSql(),
        status: slots.status,
        onSale: onSaleSql,
      })
      .from(slots)
      .innerJoin(services, eq(services.id, slots.serviceId))
      .where(
        and(
          eq(services.experienceId, chosen.id),
          sql`${slots.startsAt} > app_now()`,
          sql`${slots.startsAt} < app_now() + make_interval(days => ${BOOKABLE_DAYS})`,
          departuresOf(member),
        ),
      )
      .orderBy(asc(slots.startsAt), asc(slots.id))
      .limit(BOOKABLE_MAX),
    db
      .select({
        id: ticketTypes.id,
        serviceId: ticketTypes.serviceId,
        name: ticketTypes.name,
        priceMinor: ticketTypes.priceMinor,
      })
      .from(ticketTypes)
      .innerJoin(services, eq(services.id, ticketTypes.serviceId))
      .where(eq(services.experienceId, chosen.id))
      .orderBy(asc(services.sortOrder), asc(ticketTypes.sortOrder), asc(ticketTypes.id)),
    db.select().from(services).where(eq(services.experienceId, chosen.id)).orderBy(asc(services.sortOrder)),
    pickupPointRowsOf(db, chosen.id),
    addOnsOf(db, chosen.id),
  ]);
  const serviceIds = new Set(departures.map((row) => row.serviceId));
  return {
    experiences: experiencesOut,
    departures: departures.map((row) => ({
      ...row,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      timezone: chosen.timezone,
      seatsLeft: Number(row.seatsLeft),
      onSale: Boolean(row.onSale),
    })),
    ticketTypes: types
      .filter((type) => serviceIds.has(type.serviceId))
      .map((type) => ({ ...type, priceMinor: money ? type.priceMinor : null })),
    privateSales: serviceRows.flatMap((service) => {
      const sale = serviceIds.has(service.id) ? privateSaleOf(service) : null;
      return sale ? [{ ...sale, serviceId: service.id, priceMinor: money ? sale.priceMinor : null }] : [];
    }),
    // As the quote says it: required only when there is a point to choose.
    pickupPoints: { required: chosen.pickupRequired && points.length > 0, points: points.map(toPickupPoint) },
    addOns: addOns.map((addOn) => ({ ...addOn, priceMinor: money ? addOn.priceMinor : null })),
    money,
  };
}
