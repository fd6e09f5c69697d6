import { eq, sql } from "drizzle-orm";
import { createOperatorInput, type CreateOperatorInput } from "~contract/platform/applications";
import { isReservedSlug } from "~contract/platform/operator-slug";
import type { CreatedOperator } from "~contract/platform/outputs";
import { storefrontOrigin } from "../accounts/storefront-origin";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { accounts, operatorMembers, users } from "../db/schema";
import { ApiError, validationError } from "../http/errors";
import { fieldErrorsFrom } from "../http/validate";
import { randomId } from "../ids";
import { createInvitation } from "../invitations/service";

export type { CreateOperatorInput, CreatedOperator };

/** 409 `slug_taken`: an operator has this storefront address already. */
export const slugTaken = () =>
  new ApiError(409, "slug_taken", "This storefront address is taken: choose another.", {
    slug: ["This storefront address is taken."],
  });

/** 400 `slug_reserved`: the platform keeps this address (contract/platform/operator-slug.ts RESERVED_SLUGS). */
export const slugReserved = () =>
  new ApiError(400, "slug_reserved", "This storefront address is reserved: choose another.", {
    slug: ["This address is reserved: choose another."],
  });

/**
 * A new operator's look until its owner brands it in the console: the seed's first operator's
 * colours (blue, orange, near-black ink: readable on white, contrast-checked in the seed).
 */
export const DEFAULT_BRANDING = { primaryColor: "#1D4ED8", accentColor: "#F97316", inkColor: "#0F172A" } as const;

/**
 * Serialises every creation of one slug across transactions and processes (an approval, the
 * command): the second waits, then finds the first's account. The unique index stays the last word.
 */
export const lockSlug = (tx: Db, slug: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`operator-slug:${slug}`}, 0))`);

/**
 * Creates an operator in the caller's transaction `tx` (issue 44): the account (its storefront is
 * `<slug>.<base domain>`: the web finds an operator by the host's first label, nothing else to
 * make; default branding, no logo, no waiver of its own, 24 hours' cancellation, no payout account:
 * its owner onboards from the console, and until then it sells only with the sandbox, which
 * refuses nothing; with Stripe its checkout answers 409 payouts_not_ready), and its owner:
 * the user `options.ownerUserId`, or else the user whose email is `ownerEmail` (case-insensitive),
 * joins the team as owner; when no user has
 * it, an owner invitation is made and emailed (the console's invitations, through the outbox,
 * INVITATION_DAYS; its link on the new storefront, or `options.origin`).
 *
 * The input is held to contract/platform/applications.ts createOperatorInput (400
 * `validation_error` with fields); a reserved slug is 400 `slug_reserved`, one an operator has is
 * 409 `slug_taken` (checked under a lock on the slug, and by the unique index). Pending
 * applications are not looked at: an admin's decision is the last word. Writes no audit row: the
 * caller records its own action (api/platform/audit.ts writePlatformAudit).
 *
 * Called by the approval of an application (api/platform/applications.ts) and by
 * `npm run admin -- create-operator`.
 */
export async function createOperator(
  tx: Db,
  input: CreateOperatorInput,
  options: {
    /** The owner, by id (an approved application's applicant); else the user with `ownerEmail`, or an invitation. */
    ownerUserId?: string;
    /** Who invites, when an invitation is made (null: the commands). */
    invitedBy?: string | null;
    /** Where the invitation's link points: the new storefront's origin when not given. */
    origin?: string;
  } = {},
): Promise<CreatedOperator> {
  const parsed = createOperatorInput.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsFrom(parsed.error));
  const operator = parsed.data;
  if (isReservedSlug(operator.slug)) throw slugReserved();
  await lockSlug(tx, operator.slug);
  const [existing] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.slug} = ${operator.slug}`);
  if (existing) throw slugTaken();
  let account;
  try {
    [account] = await tx
      .insert(accounts)
      .values({
        id: randomId("acc_"),
        slug: operator.slug,
        name: operator.name,
        ...DEFAULT_BRANDING,
        timezone: operator.timezone,
        currency: operator.currency,
        country: operator.country ?? null,
        contactEmail: operator.contactEmail ?? operator.ownerEmail,
        contactPhone: operator.contactPhone ?? null,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, "accounts_slug_key")) throw slugTaken();
    throw error;
  }
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      options.ownerUserId ? eq(users.id, options.ownerUserId) : sql`lower(${users.email}) = ${operator.ownerEmail}`,
    )
    .orderBy(users.createdAt)
    .limit(1);
  if (owner) {
    await tx.insert(operatorMembers).values({ accountId: account.id, userId: owner.id, role: "owner" });
    return { accountId: account.id, slug: account.slug, ownerUserId: owner.id, invitationId: null };
  }
  const invitation = await createInvitation(
    tx,
    account,
    { email: operator.ownerEmail, role: "owner" },
    options.invitedBy ?? null,
    options.origin ?? storefrontOrigin(account.slug),
  );
  return { accountId: account.id, slug: account.slug, ownerUserId: null, invitationId: invitation.id };
}
