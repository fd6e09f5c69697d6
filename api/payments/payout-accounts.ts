import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { PayoutAccountState, PayoutAccountView } from "~contract/payouts/payout-account";
import type { Db } from "../db/client";
import {
  accounts,
  payoutAccounts,
  type AccountRow,
  type PayoutAccountRow,
  type PayoutProviderName,
} from "../db/schema";
import { ApiError, conflict } from "../http/errors";
import { depositLines, platformPart, sidesOf } from "../ledger/movements";
import type { LedgerLine } from "../ledger/post";
import { errorFields, logger } from "../logger";
import { paymentProvider, paymentUnavailable } from "./index";
import type { ConnectedAccountState, DestinationCharge, OnboardingUrls } from "./provider";

/**
 * Operators' connected payout accounts (issue 45; payout_accounts, one per operator): where their
 * sales are paid to. With Stripe, an operator's storefront sells only once its account takes
 * charges (409 `payouts_not_ready` otherwise), every sale is a destination charge to it, and
 * `account.updated` events keep the row current. The sandbox refuses nothing: an operator without
 * an account (one made by an approval or the command) still sells there, so `npm start` runs the
 * whole product; the demo operators' seeded accounts are enabled.
 */

/** 409 payouts_not_ready: with Stripe, the operator's payout account cannot take charges yet. */
export const payoutsNotReady = (operatorName: string) =>
  conflict(
    `${operatorName} cannot take payments yet: its payout account is not set up. Try again later.`,
    "payouts_not_ready",
  );

export const payoutAccountNotFound = () =>
  new ApiError(404, "payout_account_not_found", "This operator has no such payout account.");

export async function payoutAccountOf(db: Db, accountId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId)).limit(1);
  return row ?? null;
}

/**
 * The operator's account with the provider payments go through now; an account of another
 * provider (the demo's sandbox account once Stripe is configured) counts as none.
 */
async function currentPayoutAccount(db: Db, accountId: string): Promise<PayoutAccountRow | null> {
  const row = await payoutAccountOf(db, accountId);
  return row && row.provider === paymentProvider().name ? row : null;
}

/** Where an account stands, in the codes the console words (contract/payouts/payout-account.ts). */
export function payoutStateOf(row: PayoutAccountRow | null): PayoutAccountState {
  if (!row) return "not_started";
  if (row.chargesEnabled && row.payoutsEnabled) return "enabled";
  if (!row.detailsSubmitted && !row.disabledReason?.startsWith("rejected")) return "onboarding";
  return "restricted";
}

/** Whether a storefront may sell: the sandbox refuses nothing; Stripe needs an account that takes charges. */
const canSell = (provider: PayoutProviderName, row: PayoutAccountRow | null) =>
  provider === "sandbox" || row?.chargesEnabled === true;

export function payoutAccountView(provider: PayoutProviderName, row: PayoutAccountRow | null): PayoutAccountView {
  return {
    provider,
    state: payoutStateOf(row),
    providerAccountId: row?.providerAccountId ?? null,
    chargesEnabled: row?.chargesEnabled ?? false,
    payoutsEnabled: row?.payoutsEnabled ?? false,
    detailsSubmitted: row?.detailsSubmitted ?? false,
    requirements: row?.requirements ?? [],
    disabledReason: row?.disabledReason ?? null,
    canSell: canSell(provider, row),
    updatedAt: (row?.providerUpdatedAt ?? row?.updatedAt)?.toISOString() ?? null,
  };
}

/** GET /v1/operator/payout-account */
export async function readPayoutAccount(db: Db, accountId: string): Promise<PayoutAccountView> {
  return payoutAccountView(paymentProvider().name, await currentPayoutAccount(db, accountId));
}

/**
 * Where an operator's sales are paid to: its connected account, when it takes charges. With
 * Stripe an operator without one is refused (409 payouts_not_ready); the sandbox sells without.
 */
export async function saleDestination(db: Db, operatorId: string): Promise<string | null> {
  const row = await currentPayoutAccount(db, operatorId);
  if (row?.chargesEnabled) return row.providerAccountId;
  if (paymentProvider().name !== "stripe") return null;
  const [operator] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, operatorId));
  throw payoutsNotReady(operator?.name ?? "This operator");
}

/** The check before anything is held: with Stripe, an operator whose account cannot take charges sells nothing. */
export async function refusePayoutsNotReady(db: Db, operatorId: string): Promise<void> {
  await saleDestination(db, operatorId);
}

/** What a booking's charge leaves the platform: its part (api/ledger/movements.ts bookingSides), never more than the card pays. */
export function bookingApplicationFee(booking: {
  totalMinor: number;
  feesMinor: number;
  giftCardMinor: number;
  commissionBps: number | null;
}): number {
  const charged = booking.totalMinor - booking.giftCardMinor;
  return Math.max(0, Math.min(charged, platformPart(booking.totalMinor, booking.feesMinor, booking.commissionBps)));
}

/**
 * A deposit booking's two charges (api/ledger/movements.ts depositLines): the platform's part of
 * the deposit (never more than the card pays of it) and of the balance.
 */
export function depositApplicationFees(booking: {
  accountId: string;
  totalMinor: number;
  feesMinor: number;
  giftCardMinor: number;
  commissionBps: number | null;
  balanceMinor: number;
}): { deposit: number; balance: number } {
  const lines = depositLines({ ...booking, operatorId: booking.accountId }, booking.balanceMinor);
  const platform = (part: LedgerLine[]) => {
    const sides = sidesOf(part);
    return sides.commission + sides.serviceFee;
  };
  const depositCard = booking.totalMinor - booking.giftCardMinor - booking.balanceMinor;
  return { deposit: Math.max(0, Math.min(depositCard, platform(lines.deposit))), balance: platform(lines.balance) };
}

/**
 * A date change's difference is charged like a booking of it at the booking's rate (its service fee
 * the fee's rise, when it grew): the platform's part of it, never more than the difference.
 */
export function differenceApplicationFee(
  differenceMinor: number,
  feesDifferenceMinor: number,
  commissionBps: number | null,
): number {
  const fees = Math.max(0, Math.min(differenceMinor, feesDifferenceMinor));
  return Math.max(0, platformPart(differenceMinor, fees, commissionBps));
}

/** A destination charge to `destination` keeping `applicationFeeMinor`; none without a destination. */
export const destinationCharge = (destination: string | null, applicationFeeMinor: number): DestinationCharge | null =>
  destination ? { destination, applicationFeeMinor } : null;

/**
 * Keeps a newly opened account: inserted, or replacing an account of another provider (its
 * schedule kept). Null when a racing request kept one of this provider first.
 */
async function keepNewAccount(
  db: Db,
  accountId: string,
  provider: PayoutProviderName,
  state: ConnectedAccountState,
): Promise<PayoutAccountRow | null> {
  const fields = {
    provider,
    providerAccountId: state.providerAccountId,
    chargesEnabled: state.chargesEnabled,
    payoutsEnabled: state.payoutsEnabled,
    detailsSubmitted: state.detailsSubmitted,
    requirements: state.requirements,
    disabledReason: state.disabledReason,
    providerUpdatedAt: null,
  };
  const [kept] = await db
    .insert(payoutAccounts)
    .values({ accountId, ...fields })
    .onConflictDoUpdate({
      target: payoutAccounts.accountId,
      set: { ...fields, updatedAt: sql`now()` },
      where: sql`${payoutAccounts.provider} <> ${provider}`,
    })
    .returning();
  return kept ?? null;
}

export interface OnboardingStarted {
  url: string;
  /** This call opened the account. */
  created: boolean;
  account: PayoutAccountRow;
}

/**
 * Opens the operator's account with the provider payments go through now, if it has none, and
 * answers where its owner completes (or continues) the provider's onboarding. The provider
 * unreachable: 503 payment_unavailable (nothing kept: the owner tries again; Stripe's account is
 * created under an idempotency key per operator, so a retry finds the same one).
 */
export async function startPayoutOnboarding(
  db: Db,
  operator: Pick<AccountRow, "id" | "name" | "country" | "contactEmail">,
  ownerEmail: string | null,
  urls: OnboardingUrls,
): Promise<OnboardingStarted> {
  const provider = paymentProvider();
  try {
    let account = await currentPayoutAccount(db, operator.id);
    let created = false;
    if (!account) {
      const state = await provider.createConnectedAccount(db, {
        accountId: operator.id,
        name: operator.name,
        country: operator.country,
        email: operator.contactEmail ?? ownerEmail,
      });
      const kept = await keepNewAccount(db, operator.id, provider.name, state);
      created = kept !== null;
      account = kept ?? (await currentPayoutAccount(db, operator.id))!;
    }
    const { url } = await provider.onboardingLink(db, account.providerAccountId, urls);
    return { url, created, account };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    logger.error({ accountId: operator.id, err: errorFields(error) }, "payout onboarding could not be started");
    throw paymentUnavailable();
  }
}

/**
 * A provider's news of a connected account (Stripe's `account.updated`), told at `at` (the
 * event's time): kept unless the row has news as recent already. An older event delivered late,
 * or one delivered again, changes nothing (not even updated_at); an event of the same second
 * that says something else is kept (the provider's times are whole seconds). False when nothing
 * changed (or the account is not one of ours).
 */
export async function applyAccountUpdate(
  db: Db,
  provider: PayoutProviderName,
  state: ConnectedAccountState,
  at: Date,
): Promise<boolean> {
  const requirements = JSON.stringify(state.requirements);
  const changed = await db
    .update(payoutAccounts)
    .set({
      chargesEnabled: state.chargesEnabled,
      payoutsEnabled: state.payoutsEnabled,
      detailsSubmitted: state.detailsSubmitted,
      requirements: state.requirements,
      disabledReason: state.disabledReason,
      providerUpdatedAt: at,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payoutAccounts.provider, provider),
        eq(payoutAccounts.providerAccountId, state.providerAccountId),
        or(
          isNull(payoutAccounts.providerUpdatedAt),
          lt(payoutAccounts.providerUpdatedAt, at),
          and(
            eq(payoutAccounts.providerUpdatedAt, at),
            sql`(${payoutAccounts.chargesEnabled}, ${payoutAccounts.payoutsEnabled}, ${payoutAccounts.detailsSubmitted}, ${payoutAccounts.requirements}, ${payoutAccounts.disabledReason}) is distinct from (${state.chargesEnabled}::boolean, ${state.payoutsEnabled}::boolean, ${state.detailsSubmitted}::boolean, ${requirements}::jsonb, ${state.disabledReason}::text)`,
          ),
        ),
      ),
    )
    .returning({ accountId: payoutAccounts.accountId });
  return changed.length > 0;
}
