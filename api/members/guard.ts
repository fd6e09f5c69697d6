import { and, eq, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { MEMBER_ROLES, type MemberScope } from "~contract/operator/member-roles";
import type { OperatorRole } from "~contract/operator/team";
import { operatorMembers, slots, users } from "../db/schema";
import { forbidden, notFound, operatorSuspended, unauthorized } from "../http/errors";
import type { AppEnv, Member } from "../http/types";
import type { Actor } from "../audit/log";
import { secondFactorRequired, teamLacksSecondFactor } from "./second-factor";

export type { Member };

/**
 * The one guard of the console's endpoints: an endpoint declared with `member` (contract/endpoint.ts)
 * has it run by handle() (api/http/register.ts, given it by api/wiring.ts) before its handler,
 * which receives the member. The caller is signed in (else 401; the route's `auth: "user"` has
 * already checked it), the request names an operator (X-Account-Context: its storefront), the
 * caller is a member of THAT operator's team (else 404 `not_found`: the console never says that it
 * exists to anyone else), has a second factor when the operator requires two-step sign-in (else
 * 403 `second_factor_required` on every console endpoint, whatever the role: the console opens
 * only after enrolment; ./second-factor.ts), and their role is one the declared scope allows (else
 * 403 `forbidden`). A suspended operator's console is read-only (issue 44): a write (`writes`: not
 * a GET, nor declared `whileSuspended`, such as check-in and refunds) is then 409
 * `operator_suspended`, read from the account row the tenant check has already read. One query: the
 * membership with the user's second-factor flag.
 */
export async function requireMember(
  c: Context<AppEnv>,
  scope: MemberScope,
  options: { writes?: boolean } = {},
): Promise<Member> {
  const roles: readonly OperatorRole[] = MEMBER_ROLES[scope];
  const identity = c.get("identity");
  if (!identity) throw unauthorized();
  const account = c.get("account");
  if (!account) throw notFound();
  const [row] = await c
    .get("db")
    .select({ role: operatorMembers.role, secondFactorEnabled: users.secondFactorEnabled })
    .from(operatorMembers)
    .innerJoin(users, eq(users.id, operatorMembers.userId))
    .where(and(eq(operatorMembers.accountId, account.id), eq(operatorMembers.userId, identity.uid)));
  if (!row) throw notFound();
  if (teamLacksSecondFactor(account, row))
    throw secondFactorRequired(`${account.name} requires two-step sign-in: set it up to continue.`);
  if (!roles.includes(row.role)) throw forbidden("Your role in this team does not allow this.");
  if (options.writes && account.status === "suspended")
    throw operatorSuspended(
      `${account.name} is suspended: the console is read-only. Check-in, cancellations and refunds still work.`,
    );
  return { account, userId: identity.uid, email: identity.email, role: row.role };
}

/**
 * What a member sees of the day: a guide, only the departures assigned to them
 * (`slots.guide_user_id`: not another guide's, not an unassigned one); owner and manager, all.
 * Whatever a guide may not see is answered as unknown (404), a check-in there `not_assigned`.
 */
export const seesAllDepartures = (member: Member) => member.role !== "guide";

/** The departures `member` may see, as a condition on `slots` (none for owner and manager). */
export const departuresOf = (member: Member): SQL | undefined =>
  seesAllDepartures(member) ? undefined : eq(slots.guideUserId, member.userId);

/** Whether `member` may see a departure led by `guideUserId` (null: no guide assigned yet). */
export const mayRunDeparture = (member: Member, guideUserId: string | null) =>
  seesAllDepartures(member) || guideUserId === member.userId;

/** A guide never sees money (amounts, payments, refunds): the console's answers carry it as null for them. */
export const seesMoney = (member: Member) => member.role !== "guide";

/** The audit log's actor for this member's request from `clientAddress`. */
export const actorOf = (member: Member, clientAddress: string): Actor => ({
  accountId: member.account.id,
  userId: member.userId,
  email: member.email,
  clientAddress,
});
