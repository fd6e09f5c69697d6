/**
 * What the OCTO supplier API answers (issue 47; docs.octo.travel, OCTO core and `octo/pricing`):
 * the parts of OCTO's schemas Wayfarer fills, in its own zod (the tests parse every answer with
 * the `@octocloud/types` schemas too). Field names and enums are OCTO's, not ours.
 */
import { z } from "zod";

export const OCTO_UNIT_TYPES = [
  "ADULT",
  "YOUTH",
  "CHILD",
  "INFANT",
  "FAMILY",
  "SENIOR",
  "STUDENT",
  "MILITARY",
  "OTHER",
] as const;
export type OctoUnitType = (typeof OCTO_UNIT_TYPES)[number];

export const OCTO_AVAILABILITY_STATUSES = ["AVAILABLE", "FREESALE", "SOLD_OUT", "LIMITED", "CLOSED"] as const;
export type OctoAvailabilityStatus = (typeof OCTO_AVAILABILITY_STATUSES)[number];

/** A price in minor units (`octo/pricing`): `net` is what the supplier gets after the reseller's commission. */
export const octoPricing = z.object({
  original: z.number().int(),
  retail: z.number().int(),
  net: z.number().int().nullable(),
  currency: z.string(),
  currencyPrecision: z.number().int(),
  includedTaxes: z.array(
    z.object({
      name: z.string(),
      retail: z.number().int(),
      original: z.number().int(),
      net: z.number().int().nullable(),
    }),
  ),
});
export type OctoPricing = z.infer<typeof octoPricing>;
export const octoUnitPricing = octoPricing.extend({ unitId: z.string() });

export const octoSupplier = z.object({
  id: z.string(),
  name: z.string(),
  endpoint: z.string().url(),
  contact: z.object({
    website: z.string().nullable(),
    email: z.string().nullable(),
    telephone: z.string().nullable(),
    address: z.string().nullable(),
  }),
});

/** A ticket type. */
export const octoUnit = z.object({
  id: z.string(),
  internalName: z.string(),
  reference: z.string().nullable(),
  type: z.enum(OCTO_UNIT_TYPES),
  restrictions: z.object({
    minAge: z.number().int(),
    maxAge: z.number().int(),
    idRequired: z.boolean(),
    minQuantity: z.number().int().nullable(),
    maxQuantity: z.number().int().nullable(),
    paxCount: z.number().int(),
    accompaniedBy: z.array(z.string()),
  }),
  requiredContactFields: z.array(z.string()),
  /** With `octo/pricing`: the ticket type's price. */
  pricingFrom: z.array(octoPricing).optional(),
});

/** A service of an experience. */
export const octoOption = z.object({
  id: z.string(),
  default: z.boolean(),
  internalName: z.string(),
  reference: z.string().nullable(),
  availabilityLocalStartTimes: z.array(z.string()).min(1),
  cancellationCutoff: z.string(),
  cancellationCutoffAmount: z.number().int(),
  cancellationCutoffUnit: z.enum(["minute", "hour", "day"]),
  requiredContactFields: z.array(z.string()),
  restrictions: z.object({ minUnits: z.number().int().nullable(), maxUnits: z.number().int().nullable() }),
  units: z.array(octoUnit),
});

/** An experience. */
export const octoProduct = z.object({
  id: z.string(),
  internalName: z.string(),
  reference: z.string().nullable(),
  locale: z.string(),
  timeZone: z.string(),
  allowFreesale: z.boolean(),
  instantConfirmation: z.boolean(),
  instantDelivery: z.boolean(),
  availabilityRequired: z.boolean(),
  availabilityType: z.enum(["START_TIME", "OPENING_HOURS"]),
  deliveryFormats: z.array(z.enum(["PDF_URL", "QRCODE", "CODE128", "PKPASS_URL", "AZTECCODE"])),
  deliveryMethods: z.array(z.enum(["VOUCHER", "TICKET"])),
  redemptionMethod: z.enum(["DIGITAL", "PRINT", "MANIFEST"]),
  options: z.array(octoOption),
  /** With `octo/pricing`. */
  defaultCurrency: z.string().optional(),
  availableCurrencies: z.array(z.string()).optional(),
  pricingPer: z.enum(["BOOKING", "UNIT"]).optional(),
});
export type OctoProduct = z.infer<typeof octoProduct>;

const counts = {
  available: z.boolean(),
  status: z.enum(OCTO_AVAILABILITY_STATUSES),
  vacancies: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  openingHours: z.array(z.object({ from: z.string(), to: z.string() })),
};

/** One local day of an option (POST /octo/availability/calendar). */
export const octoCalendarDay = z.object({
  localDate: z.string(),
  ...counts,
  /** With `octo/pricing`: each unit's price. */
  unitPricingFrom: z.array(octoUnitPricing).optional(),
});
export type OctoCalendarDay = z.infer<typeof octoCalendarDay>;

/** One departure (POST /octo/availability): `id` is its local start with the zone's offset. */
export const octoAvailability = z.object({
  id: z.string(),
  localDateTimeStart: z.string(),
  localDateTimeEnd: z.string(),
  allDay: z.boolean(),
  utcCutoffAt: z.string(),
  maxUnits: z.number().int().nullable(),
  ...counts,
  /** With `octo/pricing`: each unit's price, and the units asked for in all. */
  unitPricing: z.array(octoUnitPricing).optional(),
  pricing: octoPricing.optional(),
});
export type OctoAvailability = z.infer<typeof octoAvailability>;

export const OCTO_BOOKING_STATUSES = ["ON_HOLD", "CONFIRMED", "EXPIRED", "CANCELLED", "REDEEMED"] as const;
export type OctoBookingStatus = (typeof OCTO_BOOKING_STATUSES)[number];

export const octoContact = z.object({
  fullName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  locales: z.array(z.string()),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  notes: z.string().nullable(),
});

/** A voucher or ticket: the booking's ticket code, as a QR code's content (checked in at the door). */
export const octoTicket = z.object({
  redemptionMethod: z.enum(["DIGITAL", "PRINT", "MANIFEST"]),
  utcRedeemedAt: z.string().nullable(),
  deliveryOptions: z.array(
    z.object({
      deliveryFormat: z.enum(["PDF_URL", "QRCODE", "CODE128", "PKPASS_URL", "AZTECCODE"]),
      deliveryValue: z.string(),
    }),
  ),
});

/** One unit (one guest) of a booking. */
export const octoUnitItem = z.object({
  uuid: z.string(),
  resellerReference: z.string().nullable(),
  supplierReference: z.string().nullable(),
  unitId: z.string(),
  status: z.enum(OCTO_BOOKING_STATUSES),
  utcRedeemedAt: z.string().nullable(),
  contact: octoContact,
  ticket: octoTicket.nullable(),
  /** With `octo/pricing`. */
  pricing: octoPricing.optional(),
});

/** A booking a reseller made (POST /octo/bookings and the calls on it). */
export const octoBooking = z.object({
  id: z.string(),
  uuid: z.string(),
  testMode: z.boolean(),
  resellerReference: z.string().nullable(),
  /** The booking's reference as the operator and the guest see it (WF-XXXX-XXXX). */
  supplierReference: z.string().nullable(),
  status: z.enum(OCTO_BOOKING_STATUSES),
  utcCreatedAt: z.string(),
  utcUpdatedAt: z.string(),
  utcExpiresAt: z.string().nullable(),
  utcRedeemedAt: z.string().nullable(),
  utcConfirmedAt: z.string().nullable(),
  productId: z.string(),
  optionId: z.string(),
  cancellable: z.boolean(),
  cancellation: z
    .object({ refund: z.enum(["FULL", "PARTIAL", "NONE"]), reason: z.string().nullable(), utcCancelledAt: z.string() })
    .nullable(),
  freesale: z.boolean(),
  availabilityId: z.string().nullable(),
  availability: octoAvailability.nullable(),
  contact: octoContact,
  notes: z.string().nullable(),
  deliveryMethods: z.array(z.enum(["VOUCHER", "TICKET"])),
  voucher: octoTicket.nullable(),
  unitItems: z.array(octoUnitItem),
  /** With `octo/pricing`: the booking's total (net: after the reseller's commission). */
  pricing: octoPricing.optional(),
});
export type OctoBooking = z.infer<typeof octoBooking>;

/** The errors of a request that names a product, its option and units (each echoes the id it refuses). */
export const OCTO_UNIT_ERRORS = ["INVALID_PRODUCT_ID", "INVALID_OPTION_ID", "INVALID_UNIT_ID"] as const;

/** OCTO's error names (an `INVALID_*_ID` answer echoes the id it refuses). */
export const OCTO_ERRORS = [
  ...OCTO_UNIT_ERRORS,
  "INVALID_AVAILABILITY_ID",
  "INVALID_BOOKING_UUID",
  "UNPROCESSABLE_ENTITY",
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "TOO_MANY_REQUESTS",
  "INTERNAL_SERVER_ERROR",
] as const;
export type OctoErrorName = (typeof OCTO_ERRORS)[number];

export const octoError = z.object({
  error: z.enum(OCTO_ERRORS),
  errorMessage: z.string(),
  productId: z.string().optional(),
  optionId: z.string().optional(),
  unitId: z.string().optional(),
  availabilityId: z.string().optional(),
  uuid: z.string().optional(),
});
export type OctoErrorBody = z.infer<typeof octoError>;
