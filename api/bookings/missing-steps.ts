import type { BookingStep } from "~contract/bookings/requests";
import type { Db } from "../db/client";
import type { AccountRow, UserRow } from "../db/schema";
import { conflict } from "../http/errors";
import { missingToBook } from "../users/service";
import { currentWaiver, findSignature } from "../waivers/service";

/**
 * THE rule of who may book with an operator, as steps still to do (empty: none): sign in (no
 * caller, or one whose user row does not exist yet), complete the profile (missingToBook), sign
 * the operator's current waiver. The quote tells them all; a booking is refused on the first.
 */
export async function missingSteps(db: Db, user: UserRow | null, account: AccountRow): Promise<BookingStep[]> {
  if (!user) return ["sign_in"];
  const signed = await findSignature(db, user.id, currentWaiver(account));
  const steps: BookingStep[] = [];
  if (missingToBook(user).length > 0) steps.push("profile");
  if (!signed) steps.push("waiver");
  return steps;
}

/** POST /v1/bookings: `409 profile_incomplete`, then `409 waiver_required`, for what is missing. */
export async function refuseMissingSteps(db: Db, user: UserRow, account: AccountRow): Promise<void> {
  const steps = await missingSteps(db, user, account);
  if (steps.includes("profile")) {
    const fields = missingToBook(user).join(", ");
    throw conflict(`Complete your profile before booking (missing: ${fields}).`, "profile_incomplete");
  }
  if (steps.includes("waiver")) throw conflict(`Sign the waiver of ${account.name} before booking.`, "waiver_required");
}
