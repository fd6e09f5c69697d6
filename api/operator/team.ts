import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  EXPIRED_INVITATION_DAYS,
  INVITATION_DAYS,
  type OperatorInvitation,
  type OperatorMember,
  type OperatorRole,
  type OperatorTeam,
} from "~contract/operator/team";
import type { Db } from "../db/client";
import { operatorInvitations, operatorMembers, users, type AccountRow } from "../db/schema";
import { ApiError, conflict, notFound } from "../http/errors";
import { enqueueEmail } from "../outbox/service";
import { writeAudit, type Actor } from "../audit/log";
import { invitationEmail } from "./emails";
import type { KeepAnswer } from "./idempotency";

/** Only the hash of an invitation's token is stored; the link carries the token. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

const memberColumns = {
  userId: operatorMembers.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: operatorMembers.role,
  since: operatorMembers.createdAt,
  secondFactorEnabled: users.secondFactorEnabled,
};
type MemberRow = {
  userId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  role: OperatorRole;
  since: Date;
  secondFactorEnabled: boolean;
};
const toMember = (row: MemberRow): OperatorMember => ({
  userId: row.userId,
  email: row.email,
  name: [row.firstName, row.lastName].filter(Boolean).join(" ") || null,
  role: row.role,
  since: row.since.toISOString(),
  twoStep: row.secondFactorEnabled,
});

/** GET /v1/operator/members */
export async function listTeam(db: Db, accountId: string): Promise<OperatorTeam> {
  const [members, invitations] = await Promise.all([
    db
      .select(memberColumns)
      .from(operatorMembers)
      .innerJoin(users, eq(users.id, operatorMembers.userId))
      .where(eq(operatorMembers.accountId, accountId))
      .orderBy(asc(operatorMembers.createdAt), asc(operatorMembers.userId)),
    db
      .select(invitationColumns)
      .from(operatorInvitations)
      .where(
        and(
          eq(operatorInvitations.accountId, accountId),
          isNull(operatorInvitations.acceptedAt),
          gt(operatorInvitations.expiresAt, sql`app_now() - make_interval(days => ${EXPIRED_INVITATION_DAYS})`),
        ),
      )
      .orderBy(asc(operatorInvitations.createdAt)),
  ]);
  return { members: members.map(toMember), invitations: invitations.map(toInvitation) };
}

const invitationColumns = {
  row: operatorInvitations,
  expired: sql<boolean>`${operatorInvitations.expiresAt} <= app_now()`,
};

const toInvitation = ({
  row,
  expired,
}: {
  row: typeof operatorInvitations.$inferSelect;
  expired: boolean;
}): OperatorInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  invitedAt: row.createdAt.toISOString(),
  expired,
});

/**
 * POST /v1/operator/invitations: the invitation, its audit row and its email (through the outbox)
 * in one transaction. Someone already in the team: 409 `already_member`.
 */
export async function inviteMember(
  db: Db,
  actor: Actor,
  account: AccountRow,
  input: { email: string; role: OperatorRole },
  origin: string,
  keep: KeepAnswer<OperatorInvitation> = async () => {},
): Promise<OperatorInvitation> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: operatorMembers.userId })
      .from(operatorMembers)
      .innerJoin(users, eq(users.id, operatorMembers.userId))
      .where(and(eq(operatorMembers.accountId, account.id), sql`lower(${users.email}) = ${input.email}`));
    if (existing) throw conflict("This person is already in the team.", "already_member");
    const row = await createInvitation(tx, account, input, actor.userId, origin);
    await writeAudit(tx, actor, "member.invited", { invitationId: row.id, email: input.email, role: input.role });
    const invitation = toInvitation({ row, expired: false });
    await keep(tx, invitation);
    return invitation;
  });
}

/**
 * A new invitation to `account`'s team for `input.email` as `input.role`, valid INVITATION_DAYS,
 * and its email (through the outbox), in the caller's transaction: the console's invitations, and
 * an operator's first owner who has no account yet (api/platform/create-operator.ts).
 */
export async function createInvitation(
  tx: Db,
  account: AccountRow,
  input: { email: string; role: OperatorRole },
  invitedBy: string | null,
  origin: string,
) {
  const token = randomBytes(32).toString("base64url");
  const [row] = await tx
    .insert(operatorInvitations)
    .values({
      accountId: account.id,
      email: input.email,
      role: input.role,
      tokenHash: tokenHash(token),
      expiresAt: sql`app_now() + make_interval(days => ${INVITATION_DAYS})`,
      invitedBy,
    })
    .returning();
  await sendInvitation(tx, account, row, token, origin);
  return row;
}

function sendInvitation(
  tx: Db,
  account: AccountRow,
  row: { email: string; role: OperatorRole },
  token: string,
  origin: string,
) {
  const link = new URL(`/console/invitations/${token}`, origin).toString();
  return enqueueEmail(
    tx,
    invitationEmail({ to: row.email, account, role: row.role, link, origin, days: INVITATION_DAYS }),
  );
}

/** This operator's invitation `id`, locked; accepted ones cannot be withdrawn or sent again. */
async function openInvitation(tx: Db, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(operatorInvitations)
    .where(and(eq(operatorInvitations.id, id), eq(operatorInvitations.accountId, accountId)))
    .for("update");
  if (!row) throw notFound("This invitation is not valid.", "invitation_not_found");
  if (row.acceptedAt) throw conflict("This invitation has already been used.", "invitation_used");
  return row;
}

/**
 * POST /v1/operator/invitations/{id}/resend: a new token (the old link stops working), valid
 * INVITATION_DAYS from now, emailed again.
 */
export async function resendInvitation(
  db: Db,
  actor: Actor,
  account: AccountRow,
  id: string,
  origin: string,
): Promise<OperatorInvitation> {
  const token = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    await openInvitation(tx, account.id, id);
    const [row] = await tx
      .update(operatorInvitations)
      .set({
        tokenHash: tokenHash(token),
        expiresAt: sql`app_now() + make_interval(days => ${INVITATION_DAYS})`,
      })
      .where(eq(operatorInvitations.id, id))
      .returning();
    await writeAudit(tx, actor, "invitation.resent", { invitationId: id, email: row.email, role: row.role });
    await sendInvitation(tx, account, row, token, origin);
    return toInvitation({ row, expired: false });
  });
}

/** DELETE /v1/operator/invitations/{id}: the invitation is gone; its link answers "not valid". */
export async function cancelInvitation(db: Db, actor: Actor, accountId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await openInvitation(tx, accountId, id);
    await tx.delete(operatorInvitations).where(eq(operatorInvitations.id, id));
    await writeAudit(tx, actor, "invitation.cancelled", { invitationId: id, email: row.email, role: row.role });
  });
}

/**
 * This operator's open invitation behind a link's token (locked for the transaction when `lock`):
 * unknown, withdrawn or another operator's 404 `invitation_not_found`, used 409, expired 410.
 */
async function openLink(db: Db, accountId: string, token: string, lock = false) {
  const query = db
    .select({ row: operatorInvitations, expired: sql<boolean>`${operatorInvitations.expiresAt} <= app_now()` })
    .from(operatorInvitations)
    .where(and(eq(operatorInvitations.tokenHash, tokenHash(token)), eq(operatorInvitations.accountId, accountId)));
  const [invitation] = lock ? await query.for("update") : await query;
  if (!invitation) throw notFound("This invitation is not valid.", "invitation_not_found");
  if (invitation.row.acceptedAt) throw conflict("This invitation has already been used.", "invitation_used");
  if (invitation.expired) throw new ApiError(410, "invitation_expired", "This invitation has expired.");
  return invitation.row;
}

/** GET /v1/operator/invitations/{token}/invitee: whom the link invites and as what (its sign-in page fills the email in). */
export async function invitee(
  db: Db,
  accountId: string,
  token: string,
): Promise<{ email: string; role: OperatorRole }> {
  const row = await openLink(db, accountId, token);
  return { email: row.email, role: row.role };
}

/**
 * POST /v1/operator/invitations/{token}/accept: the signed-in user whose email the invitation was
 * sent to joins the team with its role. The token (which only that mailbox received) is used once;
 * another operator's token is not found here.
 */
export async function acceptInvitation(
  db: Db,
  account: AccountRow,
  caller: { uid: string; email: string | null },
  token: string,
  clientAddress: string,
): Promise<{ account: { slug: string; name: string }; role: OperatorRole }> {
  return db.transaction(async (tx) => {
    const row = await openLink(tx, account.id, token, true);
    if ((caller.email ?? "").toLowerCase() !== row.email.toLowerCase())
      throw new ApiError(
        403,
        "invitation_email_mismatch",
        "Sign in with the email address the invitation was sent to.",
      );
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.uid));
    if (!user) throw notFound("Finish signing in first.", "invitation_not_found");
    await tx
      .update(operatorInvitations)
      .set({ acceptedAt: sql`app_now()`, acceptedBy: caller.uid })
      .where(eq(operatorInvitations.id, row.id));
    const [member] = await tx
      .insert(operatorMembers)
      .values({ accountId: account.id, userId: caller.uid, role: row.role })
      .onConflictDoNothing()
      .returning({ role: operatorMembers.role });
    const actor: Actor = { accountId: account.id, userId: caller.uid, email: caller.email, clientAddress };
    await writeAudit(tx, actor, "invitation.accepted", { invitationId: row.id, email: row.email, role: row.role });
    // Someone already in the team keeps the role they have.
    const role = member?.role ?? (await roleOf(tx, account.id, caller.uid)) ?? row.role;
    return { account: { slug: account.slug, name: account.name }, role };
  });
}

async function roleOf(db: Db, accountId: string, userId: string): Promise<OperatorRole | null> {
  const [row] = await db
    .select({ role: operatorMembers.role })
    .from(operatorMembers)
    .where(and(eq(operatorMembers.accountId, accountId), eq(operatorMembers.userId, userId)));
  return row?.role ?? null;
}

/** The member to change, and the team's owners locked: two owners demoting each other cannot leave none. */
async function lockedMember(db: Db, accountId: string, userId: string) {
  const owners = await db
    .select({ userId: operatorMembers.userId })
    .from(operatorMembers)
    .where(and(eq(operatorMembers.accountId, accountId), eq(operatorMembers.role, "owner")))
    .for("update");
  const [member] = await db
    .select(memberColumns)
    .from(operatorMembers)
    .innerJoin(users, eq(users.id, operatorMembers.userId))
    .where(and(eq(operatorMembers.accountId, accountId), eq(operatorMembers.userId, userId)))
    .for("update", { of: operatorMembers });
  if (!member) throw notFound("No such member in this team.", "member_not_found");
  const lastOwner = member.role === "owner" && owners.length <= 1;
  return { member, lastOwner };
}

/** PATCH /v1/operator/members/{userId}: the last owner stays an owner (409 `last_owner`). */
export async function updateMember(db: Db, actor: Actor, userId: string, role: OperatorRole): Promise<OperatorMember> {
  return db.transaction(async (tx) => {
    const { member, lastOwner } = await lockedMember(tx, actor.accountId, userId);
    if (member.role === role) return toMember(member);
    if (lastOwner) throw conflict("The team needs at least one owner.", "last_owner");
    await tx
      .update(operatorMembers)
      .set({ role })
      .where(and(eq(operatorMembers.accountId, actor.accountId), eq(operatorMembers.userId, userId)));
    await writeAudit(tx, actor, "member.role_changed", { userId, email: member.email, from: member.role, to: role });
    return toMember({ ...member, role });
  });
}

/** DELETE /v1/operator/members/{userId}: the last owner cannot be removed (409 `last_owner`). */
export async function removeMember(db: Db, actor: Actor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { member, lastOwner } = await lockedMember(tx, actor.accountId, userId);
    if (lastOwner) throw conflict("The team needs at least one owner.", "last_owner");
    await tx
      .delete(operatorMembers)
      .where(and(eq(operatorMembers.accountId, actor.accountId), eq(operatorMembers.userId, userId)));
    await writeAudit(tx, actor, "member.removed", { userId, email: member.email, role: member.role });
  });
}
