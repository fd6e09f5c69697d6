/**
 * POST /octo/bookings (issue 47): a reseller's reservation is a hold like the storefront's. The
 * order is priced by priceOrder (the storefront's and the desk's prices) and its seats taken by
 * holdSeats with a reseller holder (THE locked step every channel shares: never oversold); the
 * booking is ON_HOLD until its expiry, then the hold sweep (api/bookings/hold-expiry.ts) frees it.
 * The `uuid` is the reseller's idempotency key: the same uuid answers the same booking (also when
 * two requests race: the unique index rolls the loser back, seats included).
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { MAX_SEATS } from "~contract/bookings/limits";
import { usPhoneNumber } from "~contract/phone";
import {
  OCTO_DEFAULT_EXPIRATION_MINUTES,
  type OctoContact,
  type OctoContactBody,
  type OctoReserveBody,
  type OctoUnitItemRef,
} from "~contract/octo/bookings";
import type { OctoBooking } from "~contract/octo/outputs";
import { loadBookableService } from "../catalog/bookable-service";
import { isUniqueViolation } from "../db/errors";
import { slots, type BookingRow } from "../db/schema";
import { expireHolds } from "../bookings/hold-expiry";
import { holdSeats } from "../bookings/hold-seats";
import { priceOrder } from "../bookings/price";
import { instantOfAvailabilityId, optionAsked } from "./availability";
import { findResellerBooking, NO_CONTACT, octoBookingView } from "./booking-view";
import { invalidAvailabilityId, invalidBookingUuid, unprocessable } from "./errors";
import type { OctoCaller } from "./register";

/** The units asked for, one per unit: OCTO's unitItems as sent, then `units` by quantity. */
function unitItemsOf(body: Pick<OctoReserveBody, "unitItems" | "units">): OctoUnitItemRef[] {
  const items: OctoUnitItemRef[] = (body.unitItems ?? []).map((item) => ({
    uuid: item.uuid ?? randomUUID(),
    unitId: item.unitId,
    resellerReference: item.resellerReference ?? null,
  }));
  for (const line of body.units ?? [])
    for (let n = 0; n < line.quantity; n++)
      items.push({ uuid: randomUUID(), unitId: line.id, resellerReference: null });
  return items;
}

/** The tickets of those units: a quantity per unit id, in the order they were first asked for. */
export function ticketsOf(items: readonly Pick<OctoUnitItemRef, "unitId">[]) {
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.unitId, (quantities.get(item.unitId) ?? 0) + 1);
  return [...quantities].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }));
}

/** A contact with the fields sent over `kept`'s (a field left out keeps its value). */
export function mergedContact(kept: OctoContact | null, sent: OctoContactBody | undefined): OctoContact {
  const merged: OctoContact = { ...NO_CONTACT, ...kept };
  for (const [key, value] of Object.entries(sent ?? {}))
    if (value !== undefined) Object.assign(merged, { [key]: value });
  return merged;
}

/** The contact as the guest columns keep it (the desk, the manifest): a name, the email, a US phone. */
export function guestColumnsOf(contact: OctoContact) {
  const name = contact.fullName || [contact.firstName, contact.lastName].filter(Boolean).join(" ") || null;
  const phone = contact.phoneNumber ? usPhoneNumber(contact.phoneNumber) : null;
  return { guestName: name, guestEmail: contact.emailAddress, guestPhone: phone };
}

/** The departure `availabilityId` names of this option: not started, not cancelled (else INVALID_AVAILABILITY_ID). */
export async function departureOf(caller: OctoCaller, optionId: string, availabilityId: string | undefined) {
  const at = availabilityId ? instantOfAvailabilityId(availabilityId) : null;
  if (!at) throw invalidAvailabilityId(availabilityId ?? "");
  const [slot] = await caller.db
    .select({ id: slots.id, startsAt: slots.startsAt })
    .from(slots)
    .where(
      and(
        eq(slots.serviceId, optionId),
        eq(slots.startsAt, at),
        sql`${slots.status} <> 'cancelled' and ${slots.startsAt} > app_now()`,
      ),
    )
    .limit(1);
  if (!slot) throw invalidAvailabilityId(availabilityId!);
  return slot;
}

/**
 * The same uuid again: the same booking when it asks for the same thing (product, option,
 * departure and units), else INVALID_BOOKING_UUID (the uuid was used for another booking).
 */
async function replay(caller: OctoCaller, existing: BookingRow, body: OctoReserveBody) {
  const asked = ticketsOf(unitItemsOf(body));
  const same =
    existing.experienceId === body.productId &&
    existing.serviceId === body.optionId &&
    asked.length === existing.tickets.length &&
    asked.every((line) =>
      existing.tickets.some((kept) => kept.ticketTypeId === line.ticketTypeId && kept.quantity === line.quantity),
    );
  const view = await octoBookingView(caller, existing.octoUuid!);
  const sameDeparture =
    body.availabilityId === undefined ||
    instantOfAvailabilityId(body.availabilityId)?.getTime() ===
      instantOfAvailabilityId(view.availabilityId!)?.getTime();
  if (!same || !sameDeparture)
    throw invalidBookingUuid(existing.octoUuid!, "This uuid was already used for another booking.");
  return view;
}

/** POST /octo/bookings. */
export async function reserveBooking(caller: OctoCaller, body: OctoReserveBody, origin: string): Promise<OctoBooking> {
  const { db, reseller, account } = caller;
  const uuid = body.uuid ?? randomUUID();
  const existing = await findResellerBooking(caller, uuid);
  if (existing) return replay(caller, existing, body);

  const items = unitItemsOf(body);
  const tickets = ticketsOf(items);
  const { option } = await optionAsked(caller, {
    productId: body.productId,
    optionId: body.optionId,
    units: tickets.map((line) => ({ id: line.ticketTypeId, quantity: line.quantity })),
  });
  const departure = await departureOf(caller, option.id, body.availabilityId);
  if (items.length === 0) throw unprocessable("Book at least one unit.");
  if (items.length > MAX_SEATS) throw unprocessable(`Book at most ${MAX_SEATS} units at once.`);

  const context = await loadBookableService(db, option.id, account);
  const order = await priceOrder(db, context, { tickets, addOns: [], private: false }, null);
  const contact = mergedContact(null, body.contact);
  const guest = guestColumnsOf(contact);
  // Holds of this departure that ran out give their seats back first (as every channel does).
  await expireHolds(db, { slotId: departure.id });
  try {
    await holdSeats(db, {
      holder: {
        kind: "reseller",
        resellerId: reseller.id,
        uuid,
        resellerReference: body.resellerReference ?? null,
        notes: body.notes ?? null,
        contact,
        guest: { name: guest.guestName, email: guest.guestEmail, phone: guest.guestPhone },
        unitItems: items,
        holdMinutes: body.expirationMinutes ?? OCTO_DEFAULT_EXPIRATION_MINUTES,
      },
      context,
      body: { slotId: departure.id, serviceId: option.id, saveCard: false, waitlistOffer: undefined, utm: undefined },
      order,
      idempotencyKey: `octo:${uuid}`,
      origin,
      // The operator's own sale through its reseller: its emails carry the operator's branding.
      storefront: true,
      giftCard: null,
    });
  } catch (error) {
    if (isUniqueViolation(error, "bookings_reseller_uuid_key")) {
      const winner = await findResellerBooking(caller, uuid);
      if (winner) return replay(caller, winner, body);
    }
    throw error;
  }
  return octoBookingView(caller, uuid);
}
