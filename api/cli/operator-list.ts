/**
 * `npm run admin -- list-operators`: every operator as a table, oldest first — slug, name, status,
 * currency, time zone, its owners (members whose role is owner, and owner invitations still open,
 * marked "invited") and when it was created (UTC).
 */
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, operatorInvitations, operatorMembers, users } from "../db/schema";

export interface OperatorLine {
  slug: string;
  name: string;
  status: string;
  currency: string;
  timezone: string;
  owners: string[];
  createdAt: Date;
}

export async function listOperators(db: Db): Promise<OperatorLine[]> {
  const operators = await db
    .select({
      id: accounts.id,
      slug: accounts.slug,
      name: accounts.name,
      status: accounts.status,
      currency: accounts.currency,
      timezone: accounts.timezone,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .orderBy(asc(accounts.createdAt), asc(accounts.slug));
  const members = await db
    .select({ accountId: operatorMembers.accountId, owner: sql<string>`coalesce(${users.email}, ${users.id})` })
    .from(operatorMembers)
    .innerJoin(users, eq(users.id, operatorMembers.userId))
    .where(eq(operatorMembers.role, "owner"));
  const invited = await db
    .select({
      accountId: operatorInvitations.accountId,
      owner: sql<string>`${operatorInvitations.email} || ' (invited)'`,
    })
    .from(operatorInvitations)
    .where(
      and(
        eq(operatorInvitations.role, "owner"),
        isNull(operatorInvitations.acceptedAt),
        gt(operatorInvitations.expiresAt, sql`now()`),
      ),
    );
  const owners = new Map<string, string[]>();
  for (const { accountId, owner } of [...members, ...invited])
    owners.set(accountId, [...(owners.get(accountId) ?? []), owner]);
  return operators.map(({ id, ...operator }) => ({ ...operator, owners: (owners.get(id) ?? []).sort() }));
}

/** The operators as a table a person reads in a terminal: a header, aligned columns. */
export function operatorTable(lines: OperatorLine[]): string {
  if (lines.length === 0) return "No operators yet: create one with npm run admin -- create-operator";
  const header = ["SLUG", "NAME", "STATUS", "CURRENCY", "ZONE", "OWNERS", "CREATED"];
  const cells = lines.map((line) => [
    line.slug,
    line.name,
    line.status,
    line.currency,
    line.timezone,
    line.owners.length > 0 ? line.owners.join(", ") : "(none)",
    `${line.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column].length)));
  const format = (row: string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  return [format(header), ...cells.map(format), `${lines.length} operator(s)`].join("\n");
}
