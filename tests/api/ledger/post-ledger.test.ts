import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerEntries } from "~api/db/schema";
import { ledgerAccounts } from "~api/ledger/accounts";
import { postLedger, splitCommission, UnbalancedLedgerError } from "~api/ledger/post";
import { seedDbForThisFile } from "../../support/api";
import { accountIdOf } from "../../support/operator";

const { db } = seedDbForThisFile();

describe("the ledger's one way in", () => {
  it("writes a balanced movement once: the same key again writes nothing", async () => {
    const acme = await accountIdOf(db(), "acme");
    const movement = {
      key: "test:charge:1",
      kind: "charge" as const,
      currency: "USD",
      operatorId: acme,
      lines: [
        { account: ledgerAccounts.payments, amountMinor: -10_000 },
        { account: ledgerAccounts.pending(acme), amountMinor: 8_500 },
        { account: ledgerAccounts.commission, amountMinor: 1_500 },
        { account: ledgerAccounts.serviceFees, amountMinor: 0 },
      ],
    };
    expect(await postLedger(db(), movement)).toBe(true);
    expect(await postLedger(db(), movement)).toBe(false);
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.transactionKey, "test:charge:1"));
    expect(rows.map((row) => [row.line, row.account, row.amountMinor])).toEqual([
      [1, "external:payments", -10_000],
      [2, `operator:${acme}:pending`, 8_500],
      [3, "platform:commission", 1_500],
    ]);
  });

  it("refuses a movement that does not sum to zero, in code and in the database", async () => {
    await expect(
      postLedger(db(), {
        key: "test:off",
        kind: "charge",
        currency: "USD",
        operatorId: null,
        lines: [
          { account: ledgerAccounts.payments, amountMinor: -100 },
          { account: ledgerAccounts.commission, amountMinor: 99 },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedLedgerError);
    // Written around the code: the database's check at commit refuses it.
    const refused = await db()
      .execute(
        sql`insert into ledger_entries (transaction_key, line, kind, account, amount_minor, currency)
            values ('test:raw', 1, 'charge', 'external:payments', -100, 'USD')`,
      )
      .then(
        () => null,
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(refused).toMatch(/ledger transaction test:raw does not balance \(off by -100\)/);
    const kept = await db()
      .select({ key: ledgerEntries.transactionKey })
      .from(ledgerEntries)
      .where(like(ledgerEntries.transactionKey, "test:%"));
    expect(kept).toHaveLength(3);
  });

  it("splits the commission half up and gives the operator exactly the rest", () => {
    expect(splitCommission(10_000, 1_500)).toEqual({ commission: 1_500, operator: 8_500 });
    expect(splitCommission(-4_000, 1_500)).toEqual({ commission: -600, operator: -3_400 });
    expect(splitCommission(333, 1_500)).toEqual({ commission: 50, operator: 283 });
    expect(splitCommission(1, 5_000)).toEqual({ commission: 1, operator: 0 });
    expect(splitCommission(999, 0)).toEqual({ commission: 0, operator: 999 });
  });
});
