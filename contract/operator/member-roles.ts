import type { OperatorRole } from "../statuses";

/**
 * Which members of an operator's team may call a console endpoint: its declaration's `member`
 * (contract/endpoint.ts). The API's guard answers the others 403 `forbidden` (a caller who is not
 * a member of this operator at all: 404), the OpenAPI document names the roles, and the console's
 * abilities (`operatorMe`'s `can`) are read from the same declarations.
 */
export const MEMBER_ROLES = {
  /** Every member: their own view of the console (a guide: the departures they lead). */
  any: ["owner", "manager", "guide"],
  /** The catalog and the business: experiences, photos, schedules, prices, refunds, branding, reports. */
  catalog: ["owner", "manager"],
  /** The team and the audit log. */
  owner: ["owner"],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type MemberScope = keyof typeof MEMBER_ROLES;

/** Whether a member of `role` may call an endpoint declared `member: scope`. */
export const mayCall = (role: OperatorRole, scope: MemberScope): boolean =>
  (MEMBER_ROLES[scope] as readonly OperatorRole[]).includes(role);
