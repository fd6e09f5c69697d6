import { getTableColumns, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./types";
import * as schema from "./schema";
import { getApiEnv } from "../env";
import { buildSeedBookings } from "./seed-data/bookings";
import { buildSeedCatalog, type SeedCatalog } from "./seed-data/build";
import { seedPromoCodes } from "./seed-data/promo-codes";
import { seedPayoutAccounts } from "./seed-data/payout-accounts";
import { seedReviews } from "./seed-data/reviews";
import { DEMO_OWNERS, DEMO_PLATFORM_ADMIN } from "./seed-data/demo-owners.mjs";

export interface SeedSummary {
  accounts: number;
  experiences: number;
  services: number;
  ticketTypes: number;
  slots: number;
  /** Bookings behind the departures' taken seats (every seat taken is a booking's). */
  bookings: number;
  promoCodes: number;
  milliseconds: number;
}

/**
 * An operator's storefront origin, where the seed's travellers booked: STOREFRONT_PUBLIC_URL's, or
 * the local one (`npm start`: http://acme.app.localhost:3000).
 */
function storefrontOrigin(slug: string): string {
  const configured = getApiEnv().STOREFRONT_PUBLIC_URL;
  return configured ? new URL(configured.replace("{slug}", slug)).origin : `http://${slug}.app.localhost:3000`;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Inserts `rows` (each with the same fields) in one statement that reads them from one JSON
 * parameter: about a third of the time of bound VALUES lists on PGlite, which is what thousands
 * of seeded bookings need.
 */
async function insertFromJson<T extends PgTable>(tx: Tx, table: T, rows: T["$inferInsert"][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const fields = Object.keys(rows[0]);
  const names = fields.map((field) => columns[field].name);
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(fields.map((field, i) => [names[i], (row as Record<string, unknown>)[field]])),
    ),
  );
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${json}::jsonb)`,
  );
}

/** Rows per INSERT statement: well under PostgreSQL's 65,535 bind parameters. */
const BATCH_SIZE = 1000;

async function insertInBatches<T extends Record<string, unknown>>(
  rows: T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await insert(rows.slice(start, start + BATCH_SIZE));
  }
}

/**
 * Replaces the catalog with the deterministic seed catalog, in one transaction:
 * accounts, experiences, services, ticket types and slots are deleted and inserted
 * again (departures for 60 days from today, UTC). Running it twice gives the same rows.
 * Bookings (and their sandbox checkouts) are deleted first: they point at slots and their
 * seats are part of `seats_taken`, which the seed resets. Then every seat a departure has taken is
 * a seeded booking's (seed-data/bookings.ts: the demo travellers', paid), so seats taken always
 * equal the seats of the bookings that take them. The seed promo codes are replaced.
 * The server seeds only an empty database (SEED_ON_START), so this runs on `npm run seed`
 * and in tests.
 */
export async function seed(
  db: Db,
  options: {
    today?: Date;
    /**
     * Each demo operator's owner, and the demo platform admin (demo-owners.mjs): the caller says, from its identity settings
     * (only with the Auth emulator, where local start creates them; production refuses the emulator).
     */
    demoOwners: boolean;
  },
): Promise<SeedSummary> {
  const started = performance.now();
  const today = options.today ?? new Date();
  const catalog: SeedCatalog = buildSeedCatalog(today);
  const demoReviews = seedReviews(
    catalog.experiences.map((experience) => experience.id),
    today,
  );
  const promoCodes = seedPromoCodes();
  const seeded = buildSeedBookings(catalog, today, storefrontOrigin);
  await db.transaction(async (tx) => {
    await tx.delete(schema.bookings);
    // A fresh catalog starts at the real time: the test clock goes back to zero.
    await tx.delete(schema.appClock);
    await tx.delete(schema.promoCodes).where(
      inArray(
        schema.promoCodes.code,
        promoCodes.map((row) => row.code),
      ),
    );
    await tx.delete(schema.slots);
    await tx.delete(schema.ticketTypes);
    await tx.delete(schema.services);
    await tx.delete(schema.experiences);
    await tx.delete(schema.accounts);
    await insertInBatches(catalog.accounts, (batch) => tx.insert(schema.accounts).values(batch));
    // The demo operators' payout accounts: onboarded sandbox accounts (the accounts' delete took the old ones).
    await insertInBatches(seedPayoutAccounts(catalog.accounts, today), (batch) =>
      tx.insert(schema.payoutAccounts).values(batch),
    );
    await insertInBatches(catalog.experiences, (batch) => tx.insert(schema.experiences).values(batch));
    await insertInBatches(catalog.services, (batch) => tx.insert(schema.services).values(batch));
    await insertInBatches(catalog.ticketTypes, (batch) => tx.insert(schema.ticketTypes).values(batch));
    await insertInBatches(catalog.slots, (batch) => tx.insert(schema.slots).values(batch));
    await insertInBatches(demoReviews, (batch) => tx.insert(schema.reviews).values(batch));
    // The demo travellers and their waivers stay from an earlier seed (a re-seed keeps users).
    await tx.insert(schema.users).values(seeded.users).onConflictDoNothing();
    await tx.insert(schema.waivers).values(seeded.waivers).onConflictDoNothing();
    await insertFromJson(tx, schema.bookings, seeded.bookings);
    await insertFromJson(tx, schema.sandboxCheckouts, seeded.checkouts);
    await tx.insert(schema.promoCodes).values(promoCodes);
    // Each demo operator's owner (the accounts' delete took the teams), when asked.
    const owners = options.demoOwners
      ? DEMO_OWNERS.filter((owner) => catalog.accounts.some((account) => account.slug === owner.slug))
      : [];
    if (owners.length)
      await tx
        .insert(schema.users)
        .values(
          owners.map(({ uid, email, firstName, lastName }) => ({
            id: uid,
            email,
            firstName,
            lastName,
            signInMethod: "password",
          })),
        )
        .onConflictDoNothing();
    if (owners.length)
      await tx.insert(schema.operatorMembers).values(
        owners.map((owner) => ({
          accountId: catalog.accounts.find((account) => account.slug === owner.slug)!.id,
          userId: owner.uid,
          role: "owner" as const,
        })),
      );
    // The demo platform admin (issue 44), with the owners: local only, never a real identity provider's.
    if (options.demoOwners)
      await tx
        .insert(schema.users)
        .values({
          id: DEMO_PLATFORM_ADMIN.uid,
          email: DEMO_PLATFORM_ADMIN.email,
          firstName: DEMO_PLATFORM_ADMIN.firstName,
          lastName: DEMO_PLATFORM_ADMIN.lastName,
          signInMethod: "password",
          isPlatformAdmin: true,
        })
        .onConflictDoUpdate({ target: schema.users.id, set: { isPlatformAdmin: true } });
    // Offers and ratings were kept by triggers as the rows went in; demand is refreshed here.
    await tx.execute(sql`select refresh_experience_demand()`);
  });
  return {
    accounts: catalog.accounts.length,
    experiences: catalog.experiences.length,
    services: catalog.services.length,
    ticketTypes: catalog.ticketTypes.length,
    slots: catalog.slots.length,
    bookings: seeded.bookings.length,
    promoCodes: promoCodes.length,
    milliseconds: Math.round(performance.now() - started),
  };
}
