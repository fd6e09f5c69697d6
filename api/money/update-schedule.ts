import { eq, sql } from "drizzle-orm";
import { minorUnitsIn } from "~contract/money";
import { MAX_PAYOUT_MINIMUM_MINOR, type UpdatePayoutScheduleBody } from "~contract/payouts/money-requests";
import type { PayoutSchedule } from "~contract/payouts/money-outputs";
import { writeAudit, type Actor } from "../audit/log";
import type { Db } from "../db/client";
import { payoutAccounts } from "../db/schema";
import { conflict, validationError } from "../http/errors";
import { FIELD_MESSAGES } from "../http/field-messages";

/**
 * PUT /v1/operator/payout-schedule: the owner's schedule on the operator's payout account, its row
 * locked while it is read and written; audited when it changes. The minimum is typed in the
 * operator's currency (at most its minor unit's digits, at most MAX_PAYOUT_MINIMUM_MINOR: else a
 * validation_error on `minimum`). An operator without a payout account row is refused 409
 * `payout_account_missing`: the row is the connected account's (its provider and the provider's
 * account id are required), made when the owner starts payout onboarding, never by a schedule;
 * until then the defaults apply (weekly on Monday, no minimum, two days' hold).
 */
export async function updatePayoutSchedule(
  db: Db,
  actor: Actor,
  currency: string,
  body: UpdatePayoutScheduleBody,
): Promise<PayoutSchedule> {
  const minimumMinor = minorUnitsIn(body.minimum, currency);
  if (minimumMinor === null || minimumMinor > MAX_PAYOUT_MINIMUM_MINOR)
    throw validationError({ minimum: [FIELD_MESSAGES["payoutMinimum.invalid"]] });
  const wanted = {
    scheduleInterval: body.interval,
    scheduleDay: body.interval === "daily" ? 1 : body.day!,
    minimumMinor,
    holdDays: body.holdDays,
  };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.accountId, actor.accountId))
      .for("update");
    if (!before)
      throw conflict("Set up the payout account first: the schedule is kept with it.", "payout_account_missing");
    const changed =
      before.scheduleInterval !== wanted.scheduleInterval ||
      before.scheduleDay !== wanted.scheduleDay ||
      before.minimumMinor !== wanted.minimumMinor ||
      before.holdDays !== wanted.holdDays;
    if (changed) {
      await tx
        .update(payoutAccounts)
        .set({ ...wanted, updatedAt: sql`now()` })
        .where(eq(payoutAccounts.accountId, actor.accountId));
      await writeAudit(tx, actor, "payout_schedule.updated", {
        interval: wanted.scheduleInterval,
        day: String(wanted.scheduleDay),
        amountMinor: String(minimumMinor),
        currency,
        holdDays: String(wanted.holdDays),
      });
    }
    return {
      interval: wanted.scheduleInterval,
      day: wanted.scheduleDay,
      minimumMinor,
      holdDays: wanted.holdDays,
      payoutAccount: true,
    };
  });
}
