import { desc, eq, sql, type SQL } from "drizzle-orm";
import { normaliseTicketCode } from "~contract/bookings/ticket-code";
import { emailAddress, said } from "~contract/fields";
import type { OperatorBooking } from "~contract/operator/refunds";
import type { BOOKING_LOOKUP_KINDS } from "~contract/platform/outputs";
import type { Db } from "../db/client";
import { accounts, bookings, users } from "../db/schema";
import { validationError } from "../http/errors";
import { fieldMessage } from "../http/field-messages";
import { port } from "../http/port";
import type { Member } from "../http/types";
import { writePlatformAudit, type PlatformActor } from "./audit";

/** At most this many bookings of one email address, the newest booked first. */
export const FOUND_BOOKINGS_MAX = 20;

type LookupKind = (typeof BOOKING_LOOKUP_KINDS)[number];

/**
 * How the operator's console shows one of its bookings to a member (api/operator/refunds.ts
 * operatorBooking): a port, given once by api/wiring.ts, so that this room imports no operator/.
 */
export type ConsoleBookingView = (db: Db, member: Member, bookingId: string) => Promise<OperatorBooking>;
const consoleBooking = port<ConsoleBookingView>("the console's booking view");
export const provideConsoleBookingView = consoleBooking.provide;
const consoleBookingView = consoleBooking.provided;

const REFERENCE = /^WF-?([0-9A-HJKMNP-TV-Z]{4})-?([0-9A-HJKMNP-TV-Z]{4})$/;

/** What support typed, read as a reference (WF-XXXX-XXXX), an email address or a ticket code; else 400. */
export function readLookup(typed: string): { kind: LookupKind; value: string } {
  const text = typed.trim();
  const reference = REFERENCE.exec(text.toUpperCase());
  if (reference) return { kind: "reference", value: `WF-${reference[1]}-${reference[2]}` };
  if (text.includes("@")) {
    const email = emailAddress.safeParse(text);
    if (email.success) return { kind: "email", value: email.data };
  } else {
    const code = normaliseTicketCode(text);
    if (code) return { kind: "ticketCode", value: code };
  }
  throw validationError({
    q: [fieldMessage({ code: "custom", path: ["q"], message: said("bookingLookup.invalid") })],
  });
}

/** Which bookings a lookup names (the desk's search text narrows a reference to a few, then it is compared exactly). */
function lookupCondition(kind: LookupKind, value: string): SQL {
  switch (kind) {
    case "reference":
      return sql`${bookings.searchText} like ${`%${value.toLowerCase()}%`} and booking_reference(${bookings.id}) = ${value}`;
    case "ticketCode":
      return eq(bookings.ticketCode, value);
    case "email":
      return sql`(lower(${bookings.guestEmail}) = ${value} or ${bookings.userId} in (select ${users.id} from ${users} where lower(${users.email}) = ${value}))`;
  }
}

/**
 * GET /v1/admin/bookings?q=: support's lookup. Each booking found is answered as its operator's
 * console shows it to an owner (the port above), made read-only (nothing
 * may be marked paid or refunded from here); the lookup is audited (its kind and the references found).
 */
export async function findBookings(db: Db, actor: PlatformActor & { userId: string }, typed: string) {
  const { kind, value } = readLookup(typed);
  const found = await db
    .select({ id: bookings.id, account: accounts })
    .from(bookings)
    .innerJoin(accounts, eq(accounts.id, bookings.accountId))
    .where(lookupCondition(kind, value))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(FOUND_BOOKINGS_MAX);
  const items = [];
  for (const { id, account } of found) {
    const member: Member = { account, userId: actor.userId, email: actor.email, role: "owner" };
    items.push({
      operator: { id: account.id, slug: account.slug, name: account.name, status: account.status },
      booking: readOnly(await consoleBookingView()(db, member, id)),
    });
  }
  await writePlatformAudit(db, actor, "booking.looked_up", kind, {
    after: { kind, found: items.map((item) => item.booking.booking.reference) },
  });
  return { kind, items };
}

/** The console's booking without what an owner could do with it there. */
function readOnly(booking: OperatorBooking): OperatorBooking {
  return {
    ...booking,
    source: { ...booking.source, canMarkPaid: false },
    money: booking.money && { ...booking.money, canRefund: false, canReleaseSeats: false },
  };
}
