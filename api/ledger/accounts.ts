/**
 * The ledger's accounts, by name (ledger_entries.account). A positive balance is money the
 * platform holds for that party; "external:payments" is the payers' side, so it runs negative by
 * what they paid and refunds bring it back. Every transaction's lines sum to zero, so do all.
 */
export const ledgerAccounts = {
  /** Payers' cards, outside the platform: negative by what they paid. */
  payments: "external:payments",
  /** The platform's commission on bookings. */
  commission: "platform:commission",
  /** The booking (service) fee, the platform's whole. */
  serviceFees: "platform:service_fees",
  /** Gift cards sold and not yet spent, the marketplace's and operators' alike: the platform holds them until spent. */
  platformGiftCards: "platform:gift_cards",
  /** Sold, its departure and hold not yet past. */
  pending: (operatorId: string) => `operator:${operatorId}:pending`,
  /** The operator's, to be paid out. */
  available: (operatorId: string) => `operator:${operatorId}:available`,
  /** Sent to the operator's bank. */
  paidOut: (operatorId: string) => `operator:${operatorId}:paid_out`,
} as const;

/** The platform's own accounts: what it earned. */
export const PLATFORM_EARNING_ACCOUNTS = [ledgerAccounts.commission, ledgerAccounts.serviceFees] as const;
