import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { INVITATION_DAYS, type OperatorRole } from "~contract/operator/team";
import type { Db } from "../db/client";
import { operatorInvitations, type AccountRow } from "../db/schema";
import { enqueueEmail } from "../outbox/service";
import { invitationEmail } from "./email";

/**
 * Invitations to an operator's team, below the rooms that make them: the console's team
 * (api/operator/team.ts: invite, resend, accept) and a new operator's first owner
 * (api/platform/create-operator.ts).
 */

/** Only the hash of an invitation's token is stored; the link carries the token. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

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

/** The invitation's email with its link (the token in clear), through the outbox. */
export function sendInvitation(
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
