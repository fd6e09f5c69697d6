import { z } from "zod";
import { catalogId } from "../catalog/requests";
import { said } from "../fields";
import { isoTime } from "../output-parts";
import { operatorBookingParams } from "./refunds";
import { departureParams } from "./schedules";

export { operatorBookingParams as moveBookingParams, departureParams as moveDepartureParams };

/**
 * What becomes of the price difference when the operator moves a booking (today's prices of its
 * tickets against what was paid): `refund` the difference of a cheaper departure (the default),
 * `charge` the guest the difference of a dearer one (a payment link emailed; the move is made once
 * it is paid), or `waive` it (the guest moves for what they paid).
 */
export const MOVE_DIFFERENCES = ["refund", "charge", "waive"] as const;
export type MoveDifference = (typeof MOVE_DIFFERENCES)[number];

/** `move` every guest who fits now, or `offer` each guest a departure of their choice (an email with a link). */
export const DEPARTURE_MOVE_MODES = ["move", "offer"] as const;
export type DepartureMoveMode = (typeof DEPARTURE_MOVE_MODES)[number];

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: said("choice.invalid") }) });

/** POST /v1/operator/bookings/{bookingId}/move */
export const moveBookingBody = z
  .object({
    /** The departure to move to: another of the booking's service, not started, with room. */
    toSlotId: catalogId,
    difference: choice(MOVE_DIFFERENCES).default("refund"),
  })
  .strict();

/** POST /v1/operator/departures/{departureId}/move */
export const moveDepartureBody = z
  .object({
    /** `move`: the departure to move every guest to; `offer`: the one suggested (the guest may choose any). */
    toSlotId: catalogId,
    mode: choice(DEPARTURE_MOVE_MODES),
  })
  .strict();

export type MoveBookingBody = z.input<typeof moveBookingBody>;
export type MoveDepartureBody = z.input<typeof moveDepartureBody>;

/** What the operator's move of one booking did. */
export const operatorMovedBooking = z.object({
  bookingId: z.string(),
  reference: z.string(),
  /**
   * `moved`: on its new departure, with a new ticket code, its guest told. `awaiting_payment`: a
   * dearer move the guest was asked to pay (`charge`): the new seats held, the payment link
   * emailed; it moves once paid.
   */
  outcome: z.enum(["moved", "awaiting_payment"]),
  /** The departure it is on now (moved), or is held on (awaiting_payment). */
  departure: z.object({ id: z.string(), startsAt: isoTime, endsAt: isoTime, timezone: z.string() }),
  /** Its ticket code was replaced (the old one is refused at check-in). */
  newTicketCode: z.boolean(),
  currency: z.string().length(3),
  /** Today's price of its tickets minus what was paid (negative: the new departure costs less). */
  priceDifferenceMinor: z.number().int(),
  /** Owed back to the guest by this move (the refund is made after the commit, or by the sweep). */
  refundedMinor: z.number().int(),
  /** Asked of the guest (awaiting_payment). */
  chargedMinor: z.number().int(),
  /** The difference the operator waived. */
  waivedMinor: z.number().int(),
});

/** A booking of a departure, as a bulk move lists it. */
const movedGuest = z.object({
  bookingId: z.string(),
  reference: z.string(),
  guestName: z.string(),
  seats: z.number().int(),
});

/** What the operator's move (or offer) of a departure's guests did. */
export const operatorMovedDeparture = z.object({
  mode: z.enum(DEPARTURE_MOVE_MODES),
  from: z.object({ id: z.string(), startsAt: isoTime, timezone: z.string() }),
  to: z.object({ id: z.string(), startsAt: isoTime, timezone: z.string() }),
  /** mode move: moved, oldest booked first, each with a new ticket code, each guest told once; the price difference waived. */
  moved: z.array(movedGuest),
  /**
   * Not moved, and why: `no_room` (the target had no seats left for the party), `checked_in` (a
   * guest is checked in already), `not_moved` (its booking changed meanwhile).
   */
  notMoved: z.array(movedGuest.extend({ reason: z.enum(["no_room", "checked_in", "not_moved"]) })),
  /**
   * mode offer: emailed a link to choose a departure themselves (`link`: true; their date change
   * stays open past the usual deadline until the departure starts), or, for a guest without an
   * account (a booking the team took), emailed to call or reply to choose (`link`: false).
   */
  offered: z.array(movedGuest.extend({ link: z.boolean(), emailed: z.boolean() })),
});

export type OperatorMovedBooking = z.infer<typeof operatorMovedBooking>;
export type OperatorMovedDeparture = z.infer<typeof operatorMovedDeparture>;
