import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { abilitiesOf } from "~contract/operator/abilities";
import { clientIp, requestOrigin } from "../http/client-info";
import { ApiError } from "../http/errors";
import { handle, WithStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { enforceRateLimits } from "../rate-limit/service";
import { readAuditLog } from "../audit/log";
import { suspensionOf } from "../accounts/status";
import { actorOf, seesMoney, type Member } from "../members/guard";
import { once, requestOf } from "./idempotency";
import { checkInRoutes } from "./check-in-routes";
import { refundRoutes } from "./refund-routes";
import { manifestRoutes } from "./manifest-routes";
import { reportRoutes } from "./report-routes";
import { deskRoutes } from "./desk-routes";
import { weekRoutes } from "./week-routes";
import { customerRoutes } from "./customer-routes";
import { messageRoutes } from "./message-routes";
import { moveRoutes } from "./move-routes";
import { staffBookingRoutes } from "./staff-booking-routes";
import { payoutAccountRoutes } from "./payout-account-routes";
import { mayTakeBookings } from "./staff-bookings";
import { scheduleRoutes } from "./schedule-routes";
import { createService, deleteService, listServices, updateService } from "./services";
import {
  acceptInvitation,
  cancelInvitation,
  invitee,
  inviteMember,
  listTeam,
  removeMember,
  resendInvitation,
  updateMember,
} from "./team";
import { setTicketTypes } from "./ticket-types";
import { setPrivateSale } from "./private-sale";
import { getBookingQuestions, setBookingQuestions } from "./booking-questions";
import { getAddOns, setAddOns } from "./add-ons";
import { getPickupPoints, setPickupPoints } from "./pickup-points";
import { twoStepRoutes } from "./two-step";
import { moneyRoutes } from "../money/money-routes";

/** The operator console's API: every route answers only on an operator's storefront (X-Account-Context). */
export const operatorRoutes = new Hono<AppEnv>();

/**
 * Invitations sent or sent again: at most 50 an hour per operator, 25 an hour per inviter. Enough
 * for an owner taking on a season's crew in one sitting; the emails go only to addresses the
 * operator's own members type, and every one is in the audit log.
 */
export const INVITATION_LIMITS = { perAccount: 50, perInviter: 25, windowSeconds: 3600 };

handle(operatorRoutes, endpoints.operatorMe, async (c, { member }) => {
  return {
    account: {
      id: member.account.id,
      slug: member.account.slug,
      name: member.account.name,
      timeZone: member.account.timezone,
    },
    money: seesMoney(member) ? { currency: member.account.currency } : null,
    userId: member.userId,
    email: member.email,
    role: member.role,
    // The guard has just read the operator's row (X-Account-Context): no further query.
    requireTwoStep: member.account.requireTwoStep,
    suspension: suspensionOf(member.account),
    can: { ...abilitiesOf(member.role), takeBookings: mayTakeBookings(member) },
  };
});

handle(operatorRoutes, endpoints.operatorListMembers, async (c, { member }) => {
  return listTeam(c.get("db"), member.account.id);
});

/** INVITATION_LIMITS, counted for this operator and this inviter. */
function limitInvitations(member: Member) {
  return enforceRateLimits([
    {
      key: `operator-invite:account:${member.account.id}`,
      limit: INVITATION_LIMITS.perAccount,
      windowSeconds: INVITATION_LIMITS.windowSeconds,
    },
    {
      key: `operator-invite:inviter:${member.userId}`,
      limit: INVITATION_LIMITS.perInviter,
      windowSeconds: INVITATION_LIMITS.windowSeconds,
    },
  ]);
}

// One invitation per Idempotency-Key (the form sent twice sends one email; a replay is not counted).
handle(operatorRoutes, endpoints.operatorInviteMember, async (c, { body, headers, member }) => {
  const actor = actorOf(member, clientIp(c));
  const request = await requestOf("invitation", body.email, body.role);
  const invitation = await once(c.get("db"), member, headers, request, async (keep) => {
    await limitInvitations(member);
    return inviteMember(c.get("db"), actor, member.account, body, requestOrigin(c), keep);
  });
  return new WithStatus(201, invitation);
});

handle(operatorRoutes, endpoints.operatorResendInvitation, async (c, { params, member }) => {
  await limitInvitations(member);
  const actor = actorOf(member, clientIp(c));
  return resendInvitation(c.get("db"), actor, member.account, params.invitationId, requestOrigin(c));
});

handle(operatorRoutes, endpoints.operatorCancelInvitation, async (c, { params, member }) => {
  await cancelInvitation(c.get("db"), actorOf(member, clientIp(c)), member.account.id, params.invitationId);
});

// Public: the token (which only the invited mailbox received) is the proof.
handle(operatorRoutes, endpoints.operatorInvitee, async (c, { params }) => {
  const account = c.get("account");
  if (!account) throw notFoundInvitation();
  return invitee(c.get("db"), account.id, params.token);
});

handle(operatorRoutes, endpoints.operatorAcceptInvitation, async (c, { params }) => {
  const account = c.get("account");
  const identity = c.get("identity");
  if (!account) throw notFoundInvitation();
  return acceptInvitation(c.get("db"), account, identity, params.token, clientIp(c));
});

handle(operatorRoutes, endpoints.operatorUpdateMember, async (c, { params, body, member }) => {
  return updateMember(c.get("db"), actorOf(member, clientIp(c)), params.userId, body.role);
});

handle(operatorRoutes, endpoints.operatorRemoveMember, async (c, { params, member }) => {
  await removeMember(c.get("db"), actorOf(member, clientIp(c)), params.userId);
});

handle(operatorRoutes, endpoints.operatorAuditLog, async (c, { query, member }) => {
  return readAuditLog(c.get("db"), member.account.id, query.page);
});

// Services, capacity and prices: the catalog's roles (a guide: 403).
handle(operatorRoutes, endpoints.operatorListServices, async (c, { params, member }) => {
  return listServices(c.get("db"), member.account, params.experienceId);
});

// One service per Idempotency-Key: the new-service form sent twice adds it once.
handle(operatorRoutes, endpoints.operatorCreateService, async (c, { params, body, headers, member }) => {
  const actor = actorOf(member, clientIp(c));
  const request = await requestOf(`service:${params.experienceId}`, JSON.stringify(body));
  const service = await once(c.get("db"), member, headers, request, (keep) =>
    createService(c.get("db"), actor, member.account.currency, params.experienceId, body, keep),
  );
  return new WithStatus(201, service);
});

handle(operatorRoutes, endpoints.operatorUpdateService, async (c, { params, body, member }) => {
  return updateService(c.get("db"), actorOf(member, clientIp(c)), member.account.currency, params.serviceId, body);
});

handle(operatorRoutes, endpoints.operatorSetPrivateSale, async (c, { params, body, member }) =>
  setPrivateSale(c.get("db"), actorOf(member, clientIp(c)), member.account.currency, params.serviceId, body),
);

handle(operatorRoutes, endpoints.operatorDeleteService, async (c, { params, member }) => {
  await deleteService(c.get("db"), actorOf(member, clientIp(c)), params.serviceId);
});

handle(operatorRoutes, endpoints.operatorSetTicketTypes, async (c, { params, body, member }) => {
  return setTicketTypes(c.get("db"), actorOf(member, clientIp(c)), member.account.currency, params.serviceId, body);
});

handle(operatorRoutes, endpoints.operatorGetBookingQuestions, async (c, { params, member }) =>
  getBookingQuestions(c.get("db"), member.account.id, params.experienceId),
);

handle(operatorRoutes, endpoints.operatorSetBookingQuestions, async (c, { params, body, member }) =>
  setBookingQuestions(c.get("db"), actorOf(member, clientIp(c)), params.experienceId, body),
);

handle(operatorRoutes, endpoints.operatorGetAddOns, async (c, { params, member }) =>
  getAddOns(c.get("db"), member.account.id, member.account.currency, params.experienceId),
);

handle(operatorRoutes, endpoints.operatorSetAddOns, async (c, { params, body, member }) =>
  setAddOns(c.get("db"), actorOf(member, clientIp(c)), member.account.currency, params.experienceId, body),
);

handle(operatorRoutes, endpoints.operatorPickupPoints, async (c, { params, member }) =>
  getPickupPoints(c.get("db"), member.account.id, params.experienceId),
);

handle(operatorRoutes, endpoints.operatorSetPickupPoints, async (c, { params, body, member }) =>
  setPickupPoints(c.get("db"), actorOf(member, clientIp(c)), params.experienceId, body),
);

scheduleRoutes(operatorRoutes);
checkInRoutes(operatorRoutes);
refundRoutes(operatorRoutes);
manifestRoutes(operatorRoutes);
reportRoutes(operatorRoutes);
deskRoutes(operatorRoutes);
weekRoutes(operatorRoutes);
customerRoutes(operatorRoutes);
messageRoutes(operatorRoutes);
moveRoutes(operatorRoutes);
staffBookingRoutes(operatorRoutes);
payoutAccountRoutes(operatorRoutes);
twoStepRoutes(operatorRoutes);
moneyRoutes(operatorRoutes);

function notFoundInvitation() {
  return new ApiError(404, "invitation_not_found", "This invitation is not valid.");
}
