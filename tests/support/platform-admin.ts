import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "~api/db/client";
import { users } from "~api/db/schema";
import type { ApiResult } from "./api";
import { v1 } from "./client";
import { sessionCookieFor, syncedUser, type TestUser } from "./identity";
import { enrolledUser, totpCode, type EnrolledUser } from "./two-step";

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

/**
 * A platform admin signed in to the web as a browser is: their session cookie (a new session,
 * whose second step is then given with the authenticator app's next code, as /two-step does).
 */
export async function signedInPlatformAdmin(db: Db): Promise<{ admin: EnrolledUser; cookie: string }> {
  const admin = await platformAdmin(db);
  const session = await sessionCookieFor(admin.idToken);
  const given = await v1.verifySecondFactor({
    cookie: session,
    headers: { Origin: "http://localhost" },
    body: { method: "totp", code: await totpCode(admin.secret, 1) },
  });
  expect(given.status, JSON.stringify(given.body)).toBe(200);
  return { admin, cookie: `__session=${session}` };
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

/** The same-origin form fields of a complete application to sell (one field replaced by `change`). */
export function applicationForm(slug: string, change: Record<string, string> = {}): Record<string, string> {
  return {
    businessName: "Lisbon Food Walks",
    slug,
    country: "PT",
    currency: "EUR",
    timezone: "Europe/Lisbon",
    contactEmail: "hello@lisbon-food-walks.example",
    contactPhone: "+351 912 345 678",
    description: "Walking tours of Lisbon's markets and tascas.",
    website: "https://lisbon-food-walks.example",
    ...change,
  };
}
