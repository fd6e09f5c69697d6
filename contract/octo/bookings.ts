/**
 * OCTO bookings' requests (issue 47, docs.octo.travel "Bookings"): reserve, confirm, update, extend,
 * cancel and list, as a reseller's system sends them. Field names are OCTO's.
 */
import { z } from "zod";
import { MAX_SEATS } from "../bookings/limits";
import { localDate as isoDate } from "../operator/schedule-fields";

/** How long a reservation is held when the reseller does not say (minutes). */
export const OCTO_DEFAULT_EXPIRATION_MINUTES = 30;
/** The longest hold a reseller may ask for at once (minutes); an extension counts from its own moment. */
export const OCTO_MAX_EXPIRATION_MINUTES = 180;
/** Bookings one list answers at most (GET /octo/bookings). */
export const OCTO_MAX_LISTED_BOOKINGS = 500;

const octoId = z.string().trim().min(1).max(200);
const text = (max: number) => z.string().trim().max(max);
const reference = text(200);
const expirationMinutes = z.number().int().min(1).max(OCTO_MAX_EXPIRATION_MINUTES);

/** OCTO's contact (every field may be left out or null). */
export const octoContactBody = z.object({
  fullName: text(200).nullable().optional(),
  firstName: text(100).nullable().optional(),
  lastName: text(100).nullable().optional(),
  emailAddress: z.string().trim().toLowerCase().email().max(254).nullable().optional(),
  phoneNumber: text(40).nullable().optional(),
  locales: z.array(text(35)).max(10).optional(),
  postalCode: text(20).nullable().optional(),
  country: text(2).nullable().optional(),
  notes: text(2000).nullable().optional(),
});
export type OctoContactBody = z.infer<typeof octoContactBody>;

/** The contact a booking keeps, every field present (OCTO answers it so). */
export interface OctoContact {
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  locales: string[];
  postalCode: string | null;
  country: string | null;
  notes: string | null;
}

/** One unit of a booking as it keeps it: the unit item's uuid, its unit (ticket type) and the reseller's reference. */
export interface OctoUnitItemRef {
  uuid: string;
  unitId: string;
  resellerReference: string | null;
}

const unitItem = z.object({
  uuid: z.string().uuid().optional(),
  unitId: octoId,
  resellerReference: reference.optional(),
  contact: octoContactBody.optional(),
});

/** The units of a booking: OCTO's unitItems (one per unit), or `units` with quantities; 20 at most in all. */
const unitItems = z.array(unitItem).max(MAX_SEATS);
const units = z.array(z.object({ id: octoId, quantity: z.number().int().min(0).max(MAX_SEATS) })).max(MAX_SEATS);

/** POST /octo/bookings (reserve). */
export const octoReserveBody = z
  .object({
    uuid: z.string().uuid().optional(),
    productId: octoId,
    optionId: octoId,
    availabilityId: octoId.optional(),
    expirationMinutes: expirationMinutes.optional(),
    notes: text(2000).nullable().optional(),
    resellerReference: reference.optional(),
    unitItems: unitItems.optional(),
    units: units.optional(),
    contact: octoContactBody.optional(),
    currency: z.string().nullable().optional(),
  })
  .refine((body) => body.unitItems !== undefined || body.units !== undefined, "Send unitItems (or units).");
export type OctoReserveBody = z.infer<typeof octoReserveBody>;

/** POST /octo/bookings/{uuid}/confirm. */
export const octoConfirmBody = z.object({
  contact: octoContactBody.optional(),
  resellerReference: reference.optional(),
  emailReceipt: z.boolean().optional(),
  unitItems: unitItems.optional(),
});
export type OctoConfirmBody = z.infer<typeof octoConfirmBody>;

/** PATCH /octo/bookings/{uuid}: the reference, contact and notes; a change of units or departure is refused. */
export const octoUpdateBody = z.object({
  resellerReference: reference.optional(),
  productId: octoId.optional(),
  optionId: octoId.optional(),
  availabilityId: octoId.optional(),
  expirationMinutes: expirationMinutes.optional(),
  notes: text(2000).nullable().optional(),
  emailReceipt: z.boolean().optional(),
  unitItems: unitItems.optional(),
  contact: octoContactBody.optional(),
});
export type OctoUpdateBody = z.infer<typeof octoUpdateBody>;

/** POST /octo/bookings/{uuid}/extend. */
export const octoExtendBody = z.object({ expirationMinutes: expirationMinutes.optional() });
export type OctoExtendBody = z.infer<typeof octoExtendBody>;

/** POST /octo/bookings/{uuid}/cancel. */
export const octoCancelBody = z.object({ reason: text(500).nullable().optional(), force: z.boolean().optional() });
export type OctoCancelBody = z.infer<typeof octoCancelBody>;

export const octoBookingParams = z.object({ uuid: z.string().trim().min(1).max(200) });

/**
 * GET /octo/bookings: by the reseller's reference, the supplier's, a local date or a range of them
 * (one of them at least: the API answers BAD_REQUEST without; see `listFilterGiven`).
 */
export const octoListQuery = z.object({
  resellerReference: reference.min(1).optional(),
  supplierReference: reference.min(1).optional(),
  localDate: isoDate.optional(),
  localDateStart: isoDate.optional(),
  localDateEnd: isoDate.optional(),
  productId: octoId.optional(),
  optionId: octoId.optional(),
});
export type OctoListQuery = z.infer<typeof octoListQuery>;

/** A list asks for something: a reference, a local date, or both ends of a range. */
export const listFilterGiven = (query: OctoListQuery) =>
  query.resellerReference !== undefined ||
  query.supplierReference !== undefined ||
  query.localDate !== undefined ||
  (query.localDateStart !== undefined && query.localDateEnd !== undefined);
