import { createHash, randomBytes } from "node:crypto";
import { priceBreakdown } from "~contract/bookings/pricing";
import type { bookings, sandboxCheckouts, users, waivers } from "../schema";
import type { SeedCatalog } from "./build";
import { createRandom } from "./random";

/**
 * The seed's bookings (issue 40): every seat a seeded departure has taken is a real booking's, so
 * a departure reads "14 of 14 taken" only with 14 guests on its manifest. Demo travellers (made-up
 * people, no identity: nobody signs in as them) booked and paid through the sandbox, days before
 * the seed ran. The due work has nothing to do for them (reminded, completed and asked for a tip
 * already: no message ever goes to a made-up address); an operator can still refund, cancel or
 * check them in like any other.
 */

/** Every demo traveller's user id starts so (`npm run seed` tells the seed's bookings from real ones by it). */
export const DEMO_TRAVELLER_PREFIX = "demo-traveller-";

const NAMES = [
  ["Maya", "Okafor"],
  ["Lucas", "Bernard"],
  ["Sofia", "Rossi"],
  ["Daniel", "Kim"],
  ["Amara", "Nwosu"],
  ["Jonas", "Weber"],
  ["Leila", "Haddad"],
  ["Tom", "Gallagher"],
  ["Inês", "Costa"],
  ["Hiro", "Tanaka"],
  ["Grace", "Mensah"],
  ["Mateo", "García"],
  ["Elena", "Popescu"],
  ["Sam", "Whitfield"],
  ["Priya", "Raman"],
  ["Oskar", "Nilsson"],
  ["Chloé", "Martin"],
  ["Kwame", "Boateng"],
  ["Anna", "Kowalska"],
  ["Ravi", "Patel"],
  ["Nora", "Lindqvist"],
  ["Diego", "Alves"],
  ["Hannah", "Schmidt"],
  ["Yusuf", "Demir"],
] as const;

/** Party sizes drawn for each booking: mostly couples, some alone, some families. */
const PARTY_SIZES = [1, 2, 2, 2, 2, 3, 3, 4, 4, 5, 6];

const DAY_MS = 86_400_000;

export interface SeedBookings {
  users: (typeof users.$inferInsert)[];
  waivers: (typeof waivers.$inferInsert)[];
  bookings: (typeof bookings.$inferInsert)[];
  checkouts: (typeof sandboxCheckouts.$inferInsert)[];
}

/** A stable id of `length` URL-safe characters for `input` (bk_…, pi_…). */
const hashed = (input: string, length: number) =>
  createHash("sha256").update(input).digest("base64url").slice(0, length);

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A ticket code as the database's new_ticket_code() makes them (26 of Crockford's base32, 130
 * random bits), made here: calling the function for ten thousand rows is most of a seed's time.
 */
const ticketCode = () => [...randomBytes(26)].map((byte) => CROCKFORD[byte % 32]).join("");

/** The demo travellers: a name, an email at travellers.example, a US phone. */
function demoTravellers(): (typeof users.$inferInsert)[] {
  return NAMES.map(([firstName, lastName], index) => {
    const n = String(index + 1).padStart(2, "0");
    const local = `${firstName}.${lastName}`.normalize("NFD").replace(/[^A-Za-z.]/g, "");
    return {
      id: `${DEMO_TRAVELLER_PREFIX}${n}`,
      email: `${local.toLowerCase()}@travellers.example`,
      firstName,
      lastName,
      phone: `+1555010${n.padStart(4, "0")}`,
      signInMethod: "password",
    };
  });
}

/** `taken` seats in parties: each a size of PARTY_SIZES, the last one what is left. */
function partiesOf(rnd: () => number, taken: number): number[] {
  const parties: number[] = [];
  for (let left = taken; left > 0;) {
    const size = Math.min(left, PARTY_SIZES[Math.floor(rnd() * PARTY_SIZES.length)]);
    parties.push(size);
    left -= size;
  }
  return parties;
}

/**
 * Bookings (confirmed, paid through the sandbox) behind every seeded departure's taken seats,
 * their checkouts, the demo travellers who made them and the waivers they signed. `origin(slug)`:
 * the operator's storefront, where they booked (links in later emails point there).
 */
export function buildSeedBookings(catalog: SeedCatalog, today: Date, origin: (slug: string) => string): SeedBookings {
  const rnd = createRandom(0xb00c1e5);
  const travellers = demoTravellers();
  const firstDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const accounts = new Map(catalog.accounts.map((account) => [account.id!, account]));
  const experiences = new Map(catalog.experiences.map((experience) => [experience.id!, experience]));
  const services = new Map(catalog.services.map((service) => [service.id!, service]));
  const typesOf = new Map<string, (typeof catalog.ticketTypes)[number][]>();
  for (const type of catalog.ticketTypes) typesOf.set(type.serviceId, [...(typesOf.get(type.serviceId) ?? []), type]);

  const seeded: SeedBookings = { users: travellers, waivers: [], bookings: [], checkouts: [] };
  for (const account of catalog.accounts)
    for (const traveller of travellers)
      seeded.waivers.push({
        userId: traveller.id,
        accountId: account.id,
        textVersion: account.waiverVersion ?? 1,
        signedName: `${traveller.firstName} ${traveller.lastName}`,
        signedAt: new Date(firstDay - 60 * DAY_MS),
        ip: "203.0.113.10",
        userAgent: "Wayfarer demo seed",
      });

  for (const slot of catalog.slots) {
    const service = services.get(slot.serviceId)!;
    const experience = experiences.get(service.experienceId)!;
    const account = accounts.get(experience.accountId)!;
    const [main, ...others] = typesOf.get(service.id!)!;
    const child = others.find((type) => type.code === "child");
    partiesOf(rnd, slot.seatsTaken ?? 0).forEach((seats, index) => {
      const children = child && seats >= 3 && rnd() < 0.5 ? 1 + Number(seats >= 4 && rnd() < 0.4) : 0;
      const lines = [
        { type: main, quantity: seats - children },
        ...(child && children ? [{ type: child, quantity: children }] : []),
      ];
      const tickets = lines.map(({ type, quantity }) => ({
        ticketTypeId: type.id!,
        code: type.code,
        name: type.name,
        quantity,
        unitPriceMinor: type.priceMinor,
      }));
      const price = priceBreakdown(tickets, null);
      const id = `bk_${hashed(`${slot.id}:${index}`, 16)}`;
      const traveller = travellers[Math.floor(rnd() * travellers.length)];
      // Booked and paid 1 to 30 days before the seed ran, in the day.
      const createdAt = new Date(firstDay - (1 + Math.floor(rnd() * 30)) * DAY_MS + Math.floor(rnd() * DAY_MS));
      const confirmedAt = new Date(createdAt.getTime() + 4 * 60_000);
      const sessionId = `cs_sandbox_seed_${hashed(id, 24)}`;
      const paymentIntentId = `pi_sandbox_seed_${hashed(`${id}:pi`, 24)}`;
      seeded.bookings.push({
        id,
        userId: traveller.id!,
        accountId: account.id!,
        experienceId: experience.id!,
        serviceId: service.id!,
        slotId: slot.id,
        status: "confirmed",
        tickets,
        seats,
        subtotalMinor: price.subtotalMinor,
        discountMinor: price.discountMinor,
        feesMinor: price.feesMinor,
        taxMinor: price.taxMinor,
        totalMinor: price.totalMinor,
        currency: account.currency!,
        idempotencyKey: `seed-${id}`,
        origin: origin(account.slug),
        storefront: true,
        paymentProvider: "sandbox",
        paymentSessionId: sessionId,
        paymentIntentId,
        paymentStatus: "paid",
        ticketCode: ticketCode(),
        cardBrand: "visa",
        cardLast4: "4242",
        createdAt,
        updatedAt: confirmedAt,
        confirmedAt,
        // The due work's steps, done: made-up travellers get no reminder, no tip request.
        reminderSentAt: confirmedAt,
        completedAt: confirmedAt,
        tipEmailSentAt: confirmedAt,
      });
      seeded.checkouts.push({
        id: sessionId,
        bookingId: id,
        amountMinor: price.totalMinor,
        currency: account.currency!,
        title: `${experience.title} · ${service.name}`,
        status: "paid",
        cardLast4: "4242",
        cardExpMonth: 12,
        cardExpYear: today.getUTCFullYear() + 3,
        paymentIntentId,
        successUrl: `/experiences/${experience.id}/${service.id}/return/${id}`,
        expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
        createdAt,
        completedAt: confirmedAt,
      });
    });
  }
  return seeded;
}
