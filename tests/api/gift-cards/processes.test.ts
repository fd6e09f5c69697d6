import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, giftCardTransactions } from "~api/db/schema";
import { giftCardBalanceMinor, issueGiftCard } from "~api/gift-cards/ledger";
import { groupGiftCardCode } from "~contract/gifts/gift-cards";
import { seedDbForThisFile } from "../../support/api";
import { bookingBody, bookingUsers, createSlot, findService } from "../../support/booking";
import { randomIp, withEmulatorUsers } from "../../support/identity";
import { withTwoAppProcesses } from "../../support/app-processes";
import { v1Path } from "../../support/client";
import { checkLedgerAfterEach } from "../../support/ledger";
import { stretched } from "../../support/time-limits";

/**
 * One gift card, 20 travellers checking out with it at the same instant through two app processes
 * on one PostgreSQL database: each debit locks the card row and reads the ledger's sum first, so
 * the card pays bookings in turn down to exactly zero and never below; the rest are refused.
 */
const CHECKOUTS = 20;

describe.skipIf(!process.env.DATABASE_URL)(
  "one gift card, 20 concurrent checkouts on two processes (PostgreSQL)",
  () => {
    const { db } = seedDbForThisFile();
    checkLedgerAfterEach(db);
    withEmulatorUsers();
    const appProcesses = withTwoAppProcesses();

    it(
      "never below zero; the ledger sums to the balance; every booking's part is what the card gave",
      async () => {
        const processes = appProcesses();
        const service = await findService(db(), "acme");
        const slot = await createSlot(db(), service.serviceId, { capacity: CHECKOUTS + 5, startsInHours: 240 });
        const travellers = await bookingUsers(db(), service, CHECKOUTS);
        // Learn one booking's total from a quote, then fund the card for 7½ bookings.
        const quote = await fetch(`${processes[0].url}${v1Path("quote")}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            serviceId: service.serviceId,
            slotId: slot.id,
            tickets: [{ ticketTypeId: service.adult.id, quantity: 1 }],
          }),
        }).then((response) => response.json());
        expect(quote.data, JSON.stringify(quote)).toBeDefined();
        const total: number = quote.data.breakdown.totalMinor;
        const funded = Math.round(total * 7.5);
        const { card, code } = await issueGiftCard(db(), {
          accountId: null,
          currency: quote.data.currency,
          amountMinor: funded,
          purchaserId: null,
          recipientEmail: "holder@example.com",
        });

        const answers = await Promise.all(
          travellers.map((traveller, i) =>
            fetch(`${processes[i % 2].url}${v1Path("createBooking")}`, {
              method: "POST",
              headers: {
                "Content-Type": "application/json",
                Authorization: `Bearer ${traveller.idToken}`,
                "Idempotency-Key": randomUUID(),
                "X-Forwarded-For": randomIp(),
              },
              body: JSON.stringify(bookingBody(service, slot.id, 1, { giftCardCode: groupGiftCardCode(code) })),
            }).then(async (response) => ({ status: response.status, body: await response.json() })),
          ),
        );
        const placed = answers.filter((answer) => answer.status === 201);
        const refused = answers.filter((answer) => answer.status !== 201);
        for (const answer of refused) expect(answer.body.error.code).toBe("gift_card_invalid");
        const parts = placed.map((answer) => answer.body.data.booking.giftCardMinor as number).sort((a, b) => b - a);
        console.log(
          JSON.stringify({ giftCardProcesses: { checkouts: CHECKOUTS, placed: placed.length, total, funded } }),
        );
        // Seven bookings paid in full by the card, one in part (half), twelve refused.
        expect(parts).toEqual([...Array.from({ length: 7 }, () => total), funded - 7 * total]);
        expect(refused).toHaveLength(CHECKOUTS - 8);
        for (const answer of placed) {
          const booking = answer.body.data.booking;
          expect(booking.status).toBe(booking.giftCardMinor === total ? "confirmed" : "held");
        }

        expect(await giftCardBalanceMinor(db(), card.id)).toBe(0);
        const ledger = await db()
          .select()
          .from(giftCardTransactions)
          .where(eq(giftCardTransactions.giftCardId, card.id));
        expect(ledger.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(0);
        expect(ledger.filter((row) => row.kind === "redeem")).toHaveLength(8);
        // Each booking's recorded part is exactly its ledger row.
        for (const row of ledger.filter((entry) => entry.kind === "redeem")) {
          const [booking] = await db().select().from(bookings).where(eq(bookings.id, row.bookingId!));
          expect(booking.giftCardMinor).toBe(-row.amountMinor);
        }
      },
      stretched(120_000),
    );
  },
);
