import type { Db } from "~api/db/client";
import { issueGiftCard } from "~api/gift-cards/ledger";

/**
 * A gift card issued straight in the ledger, as a paid purchase would issue it: the marketplace's,
 * in dollars, bought by nobody, sent to friend@example.com, unless `extra` says otherwise.
 * Answers the card and its code (the only time the code is seen in clear).
 */
export function issuedGiftCard(db: Db, amountMinor: number, extra: Partial<Parameters<typeof issueGiftCard>[1]> = {}) {
  return issueGiftCard(db, {
    accountId: null,
    currency: "USD",
    amountMinor,
    purchaserId: null,
    recipientEmail: "friend@example.com",
    ...extra,
  });
}
