import { eq } from "drizzle-orm";
import type { EmailInput } from "~contract/system/outbox";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { enqueueEmail } from "../outbox/service";
import { wantsMessage } from "../notifications/preferences";
import type { BookingMailContext } from "./emails";
import { findBookingView, type BookingViewRow } from "./view";

/**
 * Who a booking's messages go to: the guest's own contact when the team took the booking for
 * them, else the account holder (null when the user is gone).
 */
export async function guestOf(
  db: Db,
  row: BookingViewRow,
): Promise<{ email: string | null; firstName: string | null; phone: string | null } | null> {
  const { booking } = row;
  if (booking.guestEmail !== null) {
    return {
      email: booking.guestEmail,
      firstName: booking.guestName?.split(" ")[0] ?? null,
      phone: booking.guestPhone,
    };
  }
  if (booking.userId === null) return null;
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, phone: users.phone })
    .from(users)
    .where(eq(users.id, booking.userId));
  return user ?? null;
}

/** The email a booking's payment links and receipts go to (the guest's own, or the account holder's). */
export async function guestEmailOf(
  db: Db,
  booking: { userId: string | null; guestEmail: string | null },
): Promise<string | null> {
  if (booking.guestEmail !== null || booking.userId === null) return booking.guestEmail;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, booking.userId));
  return user?.email ?? null;
}

/**
 * Writes a booking email to the outbox in the caller's transaction (the transactional outbox: it
 * exists exactly when the change it announces does), unless the guest turned booking emails off
 * (the account's notification list has it either way). Throws with the transaction.
 */
export async function writeBookingEmail(
  db: Db,
  bookingId: string,
  build: (context: BookingMailContext) => EmailInput,
): Promise<void> {
  const row = await findBookingView(db, bookingId);
  const guest = row ? await guestOf(db, row) : null;
  if (!row || !guest?.email || !(await wantsMessage(db, row.booking.userId, "booking", "email"))) return;
  await enqueueEmail(db, build({ row, to: guest.email, firstName: guest.firstName }));
}
