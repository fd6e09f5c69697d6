import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { operatorMembers, users } from "../db/schema";

/** GET /v1/operator/guides: every member of the team (any role may lead a departure), by name, else email. */
export async function listGuides(db: Db, accountId: string) {
  const rows = await db
    .select({
      userId: operatorMembers.userId,
      name: sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email}, ${operatorMembers.userId})`,
      role: operatorMembers.role,
    })
    .from(operatorMembers)
    .innerJoin(users, eq(users.id, operatorMembers.userId))
    .where(eq(operatorMembers.accountId, accountId))
    .orderBy(asc(operatorMembers.createdAt), asc(operatorMembers.userId));
  return { guides: rows };
}
