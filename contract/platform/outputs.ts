import { z } from "zod";
import { count, isoTime, minor } from "../output-parts";
import { operatorBooking } from "../operator/outputs";
import { APPLICATION_STATUSES, OPERATOR_STATUSES } from "./applications";
import { SLUG_REFUSALS } from "./operator-slug";

/** An application to sell, as its applicant sees it (myOperatorApplication, applyAsOperator). */
export const operatorApplication = z.object({
  id: z.string().uuid(),
  status: z.enum(APPLICATION_STATUSES),
  businessName: z.string(),
  slug: z.string(),
  country: z.string().length(2),
  currency: z.string().length(3),
  timezone: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  description: z.string(),
  website: z.string().nullable(),
  /** Why it was rejected (null unless rejected). */
  rejectionReason: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  /** The operator its approval created (null until approved). */
  accountId: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

/** GET /v1/operator-applications/mine: the user's latest application, or none. */
export const myOperatorApplication = z.object({ application: operatorApplication.nullable() });

/** GET /v1/operator-applications/slug-availability: whether the slug may be asked for, and if not why. */
export const slugAvailability = z.object({
  /** The slug as it would be kept (trimmed, lower case). */
  slug: z.string(),
  available: z.boolean(),
  reason: z.enum(SLUG_REFUSALS).nullable(),
});

const person = z.object({ userId: z.string(), email: z.string().nullable(), name: z.string().nullable() });

/** An application as the platform admins see it: with who sent it and who decided. */
export const adminApplication = operatorApplication.extend({
  applicant: person,
  decidedBy: person.nullable(),
  /** Whether its slug is taken now (by an operator, or another pending application): approving would be refused. */
  slugTaken: z.boolean(),
});

export const adminApplicationsPage = z.object({
  items: z.array(adminApplication),
  /** The next page's cursor (null: this is the last page). */
  nextCursor: z.string().nullable(),
});

/** What createOperator made: the operator, its owner (a user) or its owner's invitation. */
export const createdOperator = z.object({
  accountId: z.string(),
  slug: z.string(),
  /** The owner, when a user had the owner's email. */
  ownerUserId: z.string().nullable(),
  /** The owner's invitation, when no user had it yet (emailed). */
  invitationId: z.string().nullable(),
});

/** POST /v1/admin/applications/{id}/approve */
export const approvedApplication = z.object({ application: adminApplication, operator: createdOperator });

/** One operator in the platform admins' list, with its last 30 days. */
export const adminOperator = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(OPERATOR_STATUSES),
  suspendedAt: isoTime.nullable(),
  suspensionReason: z.string().nullable(),
  currency: z.string().length(3),
  timezone: z.string(),
  createdAt: isoTime,
  /** Bookings confirmed in the last 30 days, and what they were sold for (minor units of `currency`). */
  last30Days: z.object({ bookings: count, revenueMinor: minor }),
});

export const adminOperatorsPage = z.object({
  items: z.array(adminOperator),
  nextCursor: z.string().nullable(),
});

/** How a support search read what was typed. */
export const BOOKING_LOOKUP_KINDS = ["reference", "ticketCode", "email"] as const;

/** GET /v1/admin/bookings: the bookings found, each as its operator's console shows it (read-only). */
export const adminFoundBookings = z.object({
  kind: z.enum(BOOKING_LOOKUP_KINDS),
  items: z.array(
    z.object({
      operator: z.object({ id: z.string(), slug: z.string(), name: z.string(), status: z.enum(OPERATOR_STATUSES) }),
      booking: operatorBooking,
    }),
  ),
});

/** One platform admin action: who, what, about what, when, from where, and the target before and after. */
export const platformAuditEntry = z.object({
  id: z.string(),
  at: isoTime,
  /** Null: the `npm run admin` commands (no signed-in admin). */
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z.record(z.unknown()).nullable(),
  after: z.record(z.unknown()).nullable(),
  clientAddress: z.string(),
});

export const platformAuditPage = z.object({
  items: z.array(platformAuditEntry),
  nextCursor: z.string().nullable(),
});

export type OperatorApplication = z.infer<typeof operatorApplication>;
export type AdminApplication = z.infer<typeof adminApplication>;
export type CreatedOperator = z.infer<typeof createdOperator>;
export type AdminOperator = z.infer<typeof adminOperator>;
export type PlatformAuditEntry = z.infer<typeof platformAuditEntry>;
