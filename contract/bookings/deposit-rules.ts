/**
 * Deposits (issue 46, item 5), as plain rules (no zod: pages import them). A service may ask a
 * deposit, a percentage (basis points) or a fixed amount (minor units), when its departure is
 * more than `minDaysBefore` days away: the traveller pays the deposit at booking and the card is
 * kept for the balance, charged `balanceDueDaysBefore` days before the departure.
 */

export const DEPOSIT_KINDS = ["percent", "fixed"] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const BALANCE_STATES = ["due", "charging", "paid", "failed", "cancelled"] as const;
export type BalanceState = (typeof BALANCE_STATES)[number];

/** A deposit booking's balance still owed (not paid): it is in the total, never in what was paid. */
export const unpaidBalance = (booking: { balanceState: BalanceState | null; balanceMinor: number }) =>
  booking.balanceState && booking.balanceState !== "paid" ? booking.balanceMinor : 0;

/** The most days ahead a deposit rule may look. */
export const MAX_DEPOSIT_DAYS = 365;

/** A service's deposit settings. */
export interface DepositSettings {
  kind: DepositKind;
  /** percent: basis points (2500 = 25 %), below 10000; fixed: minor units. */
  value: number;
  /** The deposit is asked when the departure is more than this many days away. */
  minDaysBefore: number;
  /** The balance is charged this many days before the departure (at most minDaysBefore). */
  balanceDueDaysBefore: number;
}

/** What a booking pays now and later. */
export interface DepositPlan {
  depositMinor: number;
  balanceMinor: number;
  /** When the balance is charged. */
  balanceDueAt: Date;
}

const DAY_MS = 86_400_000;

/**
 * The deposit a booking of `payableMinor` (what the card pays: the total less gift cards) owes
 * for a departure at `startsAt`, booked at `now`; null when it pays in full now (no deposit
 * asked, the departure not far enough away, or a deposit that would be the whole amount).
 */
export function depositPlan(
  settings: DepositSettings | null,
  payableMinor: number,
  startsAt: Date,
  now: Date,
): DepositPlan | null {
  if (!settings || payableMinor <= 0) return null;
  if (startsAt.getTime() - now.getTime() <= settings.minDaysBefore * DAY_MS) return null;
  const depositMinor =
    settings.kind === "percent"
      ? Math.round((payableMinor * settings.value) / 10_000)
      : Math.min(settings.value, payableMinor);
  if (depositMinor <= 0 || depositMinor >= payableMinor) return null;
  return {
    depositMinor,
    balanceMinor: payableMinor - depositMinor,
    balanceDueAt: new Date(startsAt.getTime() - settings.balanceDueDaysBefore * DAY_MS),
  };
}

/** A booking's deposit as its pages and emails tell it. */
export interface DepositFacts {
  paidMinor: number;
  dueMinor: number;
  balanceDueAt: string;
  balanceState: BalanceState;
}

/** "12 Mar 2027 (Europe/Lisbon)": the day in the departure's zone, the zone named. */
export function formatDueDay(at: string, timeZone: string, locale = "en-GB"): string {
  const day = new Intl.DateTimeFormat(locale, { timeZone, day: "numeric", month: "short", year: "numeric" }).format(
    new Date(at),
  );
  return `${day} (${timeZone})`;
}

/**
 * "Paid $225.00 · $675.00 due on 12 Mar 2027 (Europe/Lisbon)", or "Paid $900.00 (deposit and
 * balance)" once the balance is paid; `money` formats minor units in the booking's currency.
 */
export function depositSummary(deposit: DepositFacts, timeZone: string, money: (minor: number) => string): string {
  if (deposit.balanceState === "paid") return `Paid ${money(deposit.paidMinor)} (deposit and balance)`;
  if (deposit.balanceState === "cancelled") return `Paid ${money(deposit.paidMinor)} (deposit)`;
  const due = `${money(deposit.dueMinor)} due on ${formatDueDay(deposit.balanceDueAt, timeZone)}`;
  const failed = deposit.balanceState === "failed" ? " (the card was declined: pay it now)" : "";
  return `Paid ${money(deposit.paidMinor)} · ${due}${failed}`;
}
