import { z } from "zod";
import { isoTime, paging } from "../output-parts";
import { OPERATOR_ROLES } from "../statuses";
import { staffMoney } from "./staff-money";

/** The console's team: who the caller is in it, its members and invitations, its audit log, its two-step rule. */

const operatorRole = z.enum(OPERATOR_ROLES);

/** GET /v1/operator/me: the caller as a member of this operator's team. */
export const operatorMe = z.object({
  /** timeZone: the operator's own (IANA); the console shows its times in it. */
  account: z.object({ id: z.string(), slug: z.string(), name: z.string(), timeZone: z.string() }),
  /** The operator's currency (ISO 4217), which the console's money forms type amounts in; null for a guide. */
  money: staffMoney(z.object({ currency: z.string() })),
  userId: z.string(),
  email: z.string().nullable(),
  role: operatorRole,
  /** The owner requires two-step sign-in of every member (members without it reach only enrolment). */
  requireTwoStep: z.boolean(),
  /**
   * A platform admin suspended the operator (issue 44): since when and why; null while active. The
   * console is then read-only but for check-in, cancellations and refunds.
   */
  suspension: z.object({ since: isoTime, reason: z.string() }).nullable(),
  /**
   * What the role opens in the console: the day's work (manifest, check-in) is every member's;
   * bookings' refunds, branding and reports are the owner's and managers'.
   */
  can: z.object({
    manageTeam: z.boolean(),
    readAuditLog: z.boolean(),
    manageCatalog: z.boolean(),
    runDay: z.boolean(),
    refund: z.boolean(),
    manageBranding: z.boolean(),
    readReports: z.boolean(),
    readCustomers: z.boolean(),
    /** The money page (the payout account, balance, payouts, statement): owner and manager; a guide does not know of it. */
    readPayouts: z.boolean(),
    /** Set up the payout account and the payout schedule: the owner. */
    managePayouts: z.boolean(),
    /** The resellers (OCTO channels) and their API keys: owner and manager. */
    manageResellers: z.boolean(),
    manageWebhooks: z.boolean(),
    /** Take bookings at the desk: owner and manager; a guide when the owner allows it. */
    takeBookings: z.boolean(),
  }),
});

export const operatorMember = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  role: operatorRole,
  since: isoTime,
  /** The member has a second factor (two-step sign-in). */
  twoStep: z.boolean(),
});

export const operatorInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: operatorRole,
  expiresAt: isoTime,
  invitedAt: isoTime,
  /** Past its date: the link no longer works; the owner may send it again. */
  expired: z.boolean(),
});

/** GET /v1/operator/members: the team and the invitations not accepted (expired ones for 30 days). */
export const operatorTeam = z.object({
  members: z.array(operatorMember),
  invitations: z.array(operatorInvitation),
});

/** GET /v1/operator/invitations/{token}/invitee: whom an open invitation link invites, as what (its sign-in fills the email in). */
export const operatorInvitee = z.object({
  email: z.string(),
  role: operatorRole,
});

/** POST /v1/operator/invitations/{token}/accept */
export const operatorAccepted = z.object({
  account: z.object({ slug: z.string(), name: z.string() }),
  role: operatorRole,
});

/**
 * One row of the audit log. `action` is one of contract/operator/audit-actions.ts (older rows may name
 * actions since renamed); `target` the record as written; `about` what its ids name today (null
 * where the record names none, or it is gone): the actor's name, the booking's reference, the
 * experience, service and departure (its start, and its experience's zone), the member and guide.
 */
export const auditEntry = z.object({
  id: z.string(),
  at: isoTime,
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable(), name: z.string().nullable() }),
  action: z.string(),
  target: z.record(z.string().nullable()),
  about: z.object({
    bookingReference: z.string().nullable(),
    experienceTitle: z.string().nullable(),
    serviceName: z.string().nullable(),
    departureStartsAt: isoTime.nullable(),
    timezone: z.string().nullable(),
    memberName: z.string().nullable(),
    guideName: z.string().nullable(),
  }),
  clientAddress: z.string(),
});

/** GET /v1/operator/audit-log: newest first. */
export const auditLogPage = z.object({ items: z.array(auditEntry), ...paging });

/** PUT /v1/operator/two-step */
export const operatorTwoStep = z.object({ requireTwoStep: z.boolean() });
