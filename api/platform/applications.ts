import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import {
  ADMIN_PAGE_DEFAULT,
  encodeKeyCursor,
  type adminApplicationsQuery,
  type ApplyAsOperatorBody,
  type KeyCursor,
} from "~contract/platform/applications";
import { slugRefusalByRule, type SlugRefusal } from "~contract/platform/operator-slug";
import type { AdminApplication, CreatedOperator, OperatorApplication } from "~contract/platform/outputs";
import { storefrontOrigin } from "../accounts/storefront-origin";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { accounts, operatorApplications, users, type OperatorApplicationRow } from "../db/schema";
import { conflict, forbidden, notFound } from "../http/errors";
import { enqueueEmail } from "../outbox/service";
import { writePlatformAudit, type PlatformActor } from "./audit";
import { createOperator, lockSlug, slugReserved, slugTaken } from "./create-operator";
import { applicationApprovedEmail, applicationRejectedEmail } from "./emails";
import { microTime, pageOf } from "./paging";

export const applicationNotFound = () => notFound("No such application.", "application_not_found");
const applicationDecided = () => conflict("This application has already been decided.", "application_decided");
const applicationOpen = () => conflict("You already have an application waiting for a decision.", "application_open");

export function toApplication(row: OperatorApplicationRow): OperatorApplication {
  return {
    id: row.id,
    status: row.status,
    businessName: row.businessName,
    slug: row.slug,
    country: row.country,
    currency: row.currency,
    timezone: row.timezone,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    description: row.description,
    website: row.website,
    rejectionReason: row.rejectionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    accountId: row.accountId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether an operator has `slug`, or a pending application other than `except` asks for it. */
const slugHeld = (slug: SQL | string, except?: SQL | string) => sql<boolean>`(
  exists (select 1 from ${accounts} where ${accounts.slug} = ${slug})
  or exists (
    select 1 from ${operatorApplications} other
    where other.slug = ${slug} and other.status = 'pending' ${except === undefined ? sql`` : sql`and other.id <> ${except}`}
  )
)`;

/** GET /v1/operator-applications/slug-availability: the rule, then an operator or a pending application. */
export async function slugAvailability(
  db: Db,
  typed: string,
): Promise<{ slug: string; available: boolean; reason: SlugRefusal | null }> {
  const slug = typed.trim().toLowerCase();
  const byRule = slugRefusalByRule(slug);
  if (byRule) return { slug, available: false, reason: byRule };
  const [{ held }] = await db.select({ held: slugHeld(slug) }).from(sql`(select 1) as one`);
  return { slug, available: !held, reason: held ? "taken" : null };
}

/**
 * POST /v1/operator-applications: the signed-in user's application, pending. One open application
 * per user (409 `application_open`, the partial unique index having the last word); the slug is
 * checked under its lock: reserved 400 `slug_reserved`, an operator's or another pending
 * application's 409 `slug_taken`.
 */
export async function applyAsOperator(db: Db, userId: string, body: ApplyAsOperatorBody): Promise<OperatorApplication> {
  if (slugRefusalByRule(body.slug) === "reserved") throw slugReserved();
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw forbidden("Finish signing in first.");
      const [open] = await tx
        .select({ id: operatorApplications.id })
        .from(operatorApplications)
        .where(and(eq(operatorApplications.userId, userId), eq(operatorApplications.status, "pending")));
      if (open) throw applicationOpen();
      await lockSlug(tx, body.slug);
      const [{ held }] = await tx.select({ held: slugHeld(body.slug) }).from(sql`(select 1) as one`);
      if (held) throw slugTaken();
      const [row] = await tx
        .insert(operatorApplications)
        .values({
          userId,
          businessName: body.businessName,
          slug: body.slug,
          country: body.country,
          currency: body.currency,
          timezone: body.timezone,
          contactEmail: body.contactEmail,
          contactPhone: body.contactPhone,
          description: body.description,
          website: body.website ?? null,
          createdAt: sql`app_now()`,
          updatedAt: sql`app_now()`,
        })
        .returning();
      return toApplication(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, "operator_applications_one_open_per_user")) throw applicationOpen();
    throw error;
  }
}

/** GET /v1/operator-applications/mine: the user's newest application (null: none). */
export async function myApplication(db: Db, userId: string): Promise<{ application: OperatorApplication | null }> {
  const [row] = await db
    .select()
    .from(operatorApplications)
    .where(eq(operatorApplications.userId, userId))
    .orderBy(desc(operatorApplications.createdAt), desc(operatorApplications.id))
    .limit(1);
  return { application: row ? toApplication(row) : null };
}

const applicants = alias(users, "applicants");
const deciders = alias(users, "deciders");
const fullName = (who: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(concat_ws(' ', ${who.firstName}, ${who.lastName}), '')`;

/** Applications with their applicant, decider and whether their slug is held elsewhere now: one statement. */
function adminApplicationRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      row: operatorApplications,
      applicantEmail: applicants.email,
      applicantName: fullName(applicants),
      deciderEmail: deciders.email,
      deciderName: fullName(deciders),
      slugTaken: slugHeld(sql`${operatorApplications.slug}`, sql`${operatorApplications.id}`),
      cursorKey: microTime(operatorApplications.createdAt),
    })
    .from(operatorApplications)
    .innerJoin(applicants, eq(applicants.id, operatorApplications.userId))
    .leftJoin(deciders, eq(deciders.id, operatorApplications.decidedBy))
    .where(where)
    .$dynamic();
}
type AdminApplicationRow = Awaited<ReturnType<typeof adminApplicationRows>>[number];

function toAdminApplication(found: AdminApplicationRow): AdminApplication {
  const { row } = found;
  // An approved application's own operator holds its slug: that is no refusal.
  const slugTakenNow = row.status === "pending" && Boolean(found.slugTaken);
  return {
    ...toApplication(row),
    applicant: { userId: row.userId, email: found.applicantEmail, name: found.applicantName },
    decidedBy: row.decidedBy ? { userId: row.decidedBy, email: found.deciderEmail, name: found.deciderName } : null,
    slugTaken: slugTakenNow,
  };
}

/** GET /v1/admin/applications: pending ones oldest first (the queue), decided ones newest first. */
export async function listApplications(db: Db, query: z.output<typeof adminApplicationsQuery>) {
  const status = query.status ?? "pending";
  const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
  const ascending = status === "pending";
  const after = (cursor: KeyCursor) =>
    ascending
      ? sql`(${operatorApplications.createdAt}, ${operatorApplications.id}) > (${cursor.key}::timestamptz, ${cursor.id}::uuid)`
      : sql`(${operatorApplications.createdAt}, ${operatorApplications.id}) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`;
  const rows = await adminApplicationRows(
    db,
    and(eq(operatorApplications.status, status), query.cursor ? after(query.cursor) : undefined),
  )
    .orderBy(
      ascending ? operatorApplications.createdAt : desc(operatorApplications.createdAt),
      ascending ? operatorApplications.id : desc(operatorApplications.id),
    )
    .limit(limit + 1);
  return pageOf(rows, limit, toAdminApplication, (row) => encodeKeyCursor({ key: row.cursorKey, id: row.row.id }));
}

/** GET /v1/admin/applications/{id} */
export async function adminApplication(db: Db, id: string): Promise<AdminApplication> {
  const [found] = await adminApplicationRows(db, eq(operatorApplications.id, id));
  if (!found) throw applicationNotFound();
  return toAdminApplication(found);
}

/** The application `id`, locked for the transaction, still pending (else 404 / 409 `application_decided`). */
async function pendingApplication(tx: Db, id: string) {
  const [row] = await tx
    .select({ row: operatorApplications, applicantEmail: users.email })
    .from(operatorApplications)
    .innerJoin(users, eq(users.id, operatorApplications.userId))
    .where(eq(operatorApplications.id, id))
    .for("update", { of: operatorApplications });
  if (!row) throw applicationNotFound();
  if (row.row.status !== "pending") throw applicationDecided();
  return row;
}

const decisionFacts = (row: OperatorApplicationRow) => ({
  status: row.status,
  slug: row.slug,
  businessName: row.businessName,
  rejectionReason: row.rejectionReason,
  accountId: row.accountId,
});

/**
 * POST /v1/admin/applications/{id}/approve, in one transaction: the application locked (a second
 * admin approving it at once waits, then finds it decided: 409 `application_decided`), the
 * operator created with the applicant as owner (createOperator: its slug checked again under the
 * slug's lock, so of two applications for one slug approved at once one gets 409 `slug_taken`),
 * the application marked approved, both actions audited, and the applicant emailed.
 */
export async function approveApplication(
  db: Db,
  actor: PlatformActor & { userId: string },
  id: string,
): Promise<{ application: AdminApplication; operator: CreatedOperator }> {
  const operator = await db.transaction(async (tx) => {
    const { row, applicantEmail } = await pendingApplication(tx, id);
    const created = await createOperator(
      tx,
      {
        slug: row.slug,
        name: row.businessName,
        currency: row.currency,
        timezone: row.timezone,
        country: row.country,
        ownerEmail: applicantEmail ?? row.contactEmail,
        contactEmail: row.contactEmail,
        contactPhone: row.contactPhone,
      },
      { ownerUserId: row.userId, invitedBy: actor.userId },
    );
    const [approved] = await tx
      .update(operatorApplications)
      .set({
        status: "approved",
        decidedBy: actor.userId,
        decidedAt: sql`app_now()`,
        accountId: created.accountId,
        updatedAt: sql`app_now()`,
      })
      .where(eq(operatorApplications.id, id))
      .returning();
    await writePlatformAudit(tx, actor, "operator.created", created.accountId, {
      after: { slug: created.slug, name: row.businessName, ownerUserId: row.userId, applicationId: id },
    });
    await writePlatformAudit(tx, actor, "application.approved", id, {
      before: decisionFacts(row),
      after: decisionFacts(approved),
    });
    const origin = storefrontOrigin(created.slug);
    await enqueueEmail(
      tx,
      applicationApprovedEmail({ to: applicantEmail ?? row.contactEmail, application: approved, origin }),
    );
    return created;
  });
  return { application: await adminApplication(db, id), operator };
}

/** POST /v1/admin/applications/{id}/reject: with the reason, audited, the applicant emailed (in one transaction). */
export async function rejectApplication(
  db: Db,
  actor: PlatformActor & { userId: string },
  id: string,
  reason: string,
  origin: string,
): Promise<AdminApplication> {
  await db.transaction(async (tx) => {
    const { row, applicantEmail } = await pendingApplication(tx, id);
    const [rejected] = await tx
      .update(operatorApplications)
      .set({
        status: "rejected",
        rejectionReason: reason,
        decidedBy: actor.userId,
        decidedAt: sql`app_now()`,
        updatedAt: sql`app_now()`,
      })
      .where(eq(operatorApplications.id, id))
      .returning();
    await writePlatformAudit(tx, actor, "application.rejected", id, {
      before: decisionFacts(row),
      after: decisionFacts(rejected),
    });
    await enqueueEmail(
      tx,
      applicationRejectedEmail({ to: applicantEmail ?? row.contactEmail, application: rejected, origin }),
    );
  });
  return adminApplication(db, id);
}
