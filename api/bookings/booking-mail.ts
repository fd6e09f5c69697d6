import { eq } from "drizzle-orm";
import type { EmailInput } from "~contract/outbox";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { errorFields, logger } from "../logger";
import { enqueueEmail } from "../outbox/service";
import { wantsMessage } from "../notifications/preferences";
import type { BookingMailContext } from "./emails";
import { findBookingView, type BookingViewRow } from "./view";

async function mailContext(db: Db, row: BookingViewRow): Promise<BookingMailContext | null> {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, row.booking.userId));
  if (!user?.email) return null;
  return { row, to: user.email, firstName: user.firstName };
}

/**
 * Sends a booking email after the change it announces has been committed, unless the guest
 * turned booking emails off (the account's notification list has it either way); never throws.
 */
export async function sendBookingEmail(
  db: Db,
  bookingId: string,
  build: (context: BookingMailContext) => EmailInput,
): Promise<void> {
  try {
    const row = await findBookingView(db, bookingId);
    const context = row ? await mailContext(db, row) : null;
    if (!context || !(await wantsMessage(db, row!.booking.userId, "booking", "email"))) return;
    await enqueueEmail(db, build(context));
  } catch (error) {
    logger.error({ bookingId, err: errorFields(error) }, "booking email failed");
  }
}
