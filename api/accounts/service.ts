import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, type AccountRow } from "../db/schema";
import type { AccountContext } from "~contract/catalog/accounts";
import { isSuspended } from "./status";

export async function findAccountBySlug(db: Db, slug: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.slug, slug)).limit(1);
  return row ?? null;
}

export function toAccountContext(account: AccountRow): AccountContext {
  return {
    slug: account.slug,
    name: account.name,
    tagline: account.tagline,
    logoUrl: account.logoUrl,
    colors: { primary: account.primaryColor, accent: account.accentColor, ink: account.inkColor },
    currency: account.currency,
    timezone: account.timezone,
    contact: { email: account.contactEmail, phone: account.contactPhone, address: account.postalAddress },
    takingBookings: !isSuspended(account),
  };
}
