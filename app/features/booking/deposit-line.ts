import { formatDueDay, type DepositFacts } from "~contract/bookings/deposit-rules";
import type { Translate } from "~/platform/translate";
import { formatMoney } from "~/ui/format";

/**
 * A deposit booking's money in one line, as the traveller's and the console's booking pages show
 * it: "Paid $225.00 · $675.00 due on 12 Mar 2027 (Europe/Lisbon)" (the day in the departure's zone).
 */
export function depositLine(
  t: Translate,
  deposit: DepositFacts,
  booking: { currency: string; timezone: string },
  locale: string,
): string {
  const money = (amount: number) => formatMoney(amount, booking.currency, locale);
  if (deposit.balanceState === "paid") return t("booking.depositPaidInFull", { paid: money(deposit.paidMinor) });
  if (deposit.balanceState === "cancelled") return t("booking.depositOnly", { paid: money(deposit.paidMinor) });
  return t("booking.depositDue", {
    paid: money(deposit.paidMinor),
    due: money(deposit.dueMinor),
    day: formatDueDay(deposit.balanceDueAt, booking.timezone),
  });
}
