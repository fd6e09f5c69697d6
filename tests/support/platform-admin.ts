import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "~api/db/client";
import { users } from "~api/db/schema";
import type { ApiResult } from "./api";
import { syncedUser, type TestUser } from "./identity";
import { enrolledUser, type EnrolledUser } from "./two-step";

/** Makes the user a platform admin (or no longer one), as `npm run admin -- grant` would. */
export async function setPlatformAdmin(db: Db, uid: string, admin = true): Promise<void> {
  await db.update(users).set({ isPlatformAdmin: admin }).where(eq(users.id, uid));
}

/** A platform admin with an authenticator app (their session has given its second step): one who may use the console. */
export async function platformAdmin(db: Db): Promise<EnrolledUser> {
  const admin = await enrolledUser();
  await setPlatformAdmin(db, admin.uid);
  return admin;
}

/** A platform admin who has not set up a second factor yet. */
export async function platformAdminWithoutSecondFactor(db: Db): Promise<TestUser> {
  const admin = await syncedUser();
  await setPlatformAdmin(db, admin.uid);
  return admin;
}

/**
 * Every item of a keyset-paged list, page by page from the first (each page must answer 200):
 * `read(cursor)` reads one page (no cursor: the first).
 */
export async function everyPage<Item>(read: (cursor: string | undefined) => Promise<ApiResult>): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...(page.body.data.items as Item[]));
    cursor = page.body.data.nextCursor ?? undefined;
  } while (cursor);
  return items;
}
