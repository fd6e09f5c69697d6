import { endpoints, type EndpointName } from "../endpoints";
import { mayCall, type MemberScope } from "./member-roles";
import type { OperatorRole } from "../statuses";

/**
 * The console's abilities (`operatorMe`'s `can`, which its pages and navigation read) as the
 * endpoints they open: a member has the ability iff their role may call that endpoint, as its
 * declaration's `member` says. No role is written twice.
 */
export const ABILITY_ENDPOINTS = {
  manageTeam: "operatorListMembers",
  readAuditLog: "operatorAuditLog",
  manageCatalog: "operatorCreateExperience",
  runDay: "operatorManifest",
  refund: "operatorRefundBooking",
  manageBranding: "operatorUpdateBranding",
  readReports: "operatorReport",
  readCustomers: "operatorListCustomers",
  readPayouts: "operatorPayoutAccount",
  managePayouts: "operatorStartPayoutOnboarding",
  manageResellers: "operatorListResellers",
  manageWebhooks: "operatorListWebhooks",
} as const satisfies Record<string, EndpointName>;

export type ConsoleAbilities = Record<keyof typeof ABILITY_ENDPOINTS, boolean>;

/** What a member of `role` may do in the console. */
export function abilitiesOf(role: OperatorRole): ConsoleAbilities {
  return Object.fromEntries(
    Object.entries(ABILITY_ENDPOINTS).map(([ability, name]) => {
      const scope: MemberScope | undefined = endpoints[name].member;
      return [ability, scope !== undefined && mayCall(role, scope)];
    }),
  ) as ConsoleAbilities;
}
