import { z } from "zod";
import { said } from "../fields";
import { MAX_SEATS } from "../bookings/limits";
import { catalogId } from "../catalog/requests";

export const WAITLIST_STATUSES = ["waiting", "offered", "booked", "expired", "declined", "left", "cancelled"] as const;

/** POST /v1/waitlist: join a sold-out departure's waitlist for a party of `seats`. */
export const joinWaitlistBody = z
  .object({
    serviceId: catalogId,
    slotId: catalogId,
    // A JSON number only (the OpenAPI document's integer): no coercion of true, [3], "0x3" or "1e1".
    seats: z
      .number({ required_error: said("seatsWanted.required"), invalid_type_error: said("seatsWanted.required") })
      .int(said("seatsWanted.whole"))
      .min(1, said("seatsWanted.tooSmall"))
      .max(MAX_SEATS, said("seatsWanted.tooBig")),
  })
  .strict();
export type JoinWaitlistBody = z.output<typeof joinWaitlistBody>;

/** GET /v1/waitlist/departures/{slotId}?serviceId=: the departure the join form names. */
export const waitlistDepartureParams = z.object({ slotId: catalogId });
export const waitlistDepartureQuery = z.object({ serviceId: catalogId });

/** A departure as the waitlist's join form names it: experience, option, time (in the experience's zone). */
export const waitlistDeparture = z.object({
  experienceId: z.string(),
  experienceTitle: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  slotId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  seatsLeft: z.number(),
});
export type WaitlistDeparture = z.infer<typeof waitlistDeparture>;

/** How a waitlist offer stands for the one who opens its link (api/bookings/waitlist-offer.ts offerState). */
export const WAITLIST_OFFER_STATES = [
  "open",
  "used",
  "expired",
  "declined",
  "withdrawn",
  "not_yours",
  "unknown",
] as const;
export type WaitlistOfferState = (typeof WAITLIST_OFFER_STATES)[number];

/** POST /v1/waitlist/offer-status: the offer behind a link's token, for this departure. */
export const waitlistOfferStatusBody = z
  .object({
    slotId: catalogId,
    token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, said("waitlistOffer.invalid")),
  })
  .strict();

/**
 * The offer as it stands for the caller: open (its `seats` are theirs to book), used (booked:
 * `bookingId`), expired, declined (they left the waitlist), withdrawn (the departure was closed or
 * cancelled), not_yours (another traveller's), unknown (no such offer of this departure).
 */
export const waitlistOfferStatus = z.object({
  status: z.enum(WAITLIST_OFFER_STATES),
  seats: z.number().nullable(),
  bookingId: z.string().nullable(),
});
export type WaitlistOfferStatus = z.infer<typeof waitlistOfferStatus>;

export const waitlistEntryParams = z.object({
  entryId: z.string().regex(/^wl_[A-Za-z0-9_-]{16}$/, said("waitlistEntry.invalid")),
});

/** The caller's place on a departure's waitlist. */
export const waitlistEntry = z.object({
  id: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  seats: z.number(),
  slotId: z.string(),
  serviceId: z.string(),
  experienceId: z.string(),
  experienceTitle: z.string(),
  serviceName: z.string(),
  startsAt: z.string(),
  timezone: z.string(),
  /** 1 = next in line (waiting entries only). */
  placeInLine: z.number().nullable(),
  /** An open offer holds seats for the caller until then (the link is in the email and the notification). */
  offerExpiresAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

export const waitlistEntries = z.array(waitlistEntry);

/** A departure's waitlist in line order, for the console. */
export const departureWaitlist = z.object({
  departureId: z.string(),
  entries: z.array(
    z.object({
      id: z.string(),
      status: z.enum(WAITLIST_STATUSES),
      seats: z.number(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      joinedAt: z.string(),
      offerExpiresAt: z.string().nullable(),
    }),
  ),
});
export type DepartureWaitlist = z.infer<typeof departureWaitlist>;
