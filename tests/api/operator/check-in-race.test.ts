import "../../support/env";
import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingCheckIns, bookings, slots } from "~api/db/schema";
import { bookingWorld, todaysBooking as todaysBookingOf } from "../../support/booking";
import { type TestUser } from "../../support/identity";
import { syncedMember } from "../../support/operator";
import { withTwoAppProcesses } from "../../support/app-processes";
import { v1, v1Path } from "../../support/client";
import { stretched } from "../../support/time-limits";

/**
 * The check-in race: 20 scans of one ticket at once from two app processes on one
 * PostgreSQL database give exactly one `ok` (the booking row is locked), a cancelled booking's
 * code answers `cancelled`, and 1,000 random well-formed codes find nothing.
 */
const SCANS = 20;
const RANDOM_CODES = 1_000;
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

const { db, acme } = bookingWorld();

const todaysBooking = (adults: number) => todaysBookingOf(db(), acme, adults);

async function scanOver(url: string, token: string, code: string) {
  const response = await fetch(`${url}${v1Path("operatorCheckIn")}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${token}`,
      "X-Account-Context": "acme",
      "X-Forwarded-For": `203.0.113.${randomInt(1, 250)}`,
    },
    body: JSON.stringify({ code, idempotencyKey: randomUUID() }),
  });
  return { status: response.status, body: await response.json() };
}

describe.skipIf(!process.env.DATABASE_URL)("check-in race across processes (PostgreSQL)", () => {
  const processes = withTwoAppProcesses();
  let scanners: TestUser[] = [];

  beforeAll(async () => {
    scanners = [await syncedMember(db(), "acme", "guide"), await syncedMember(db(), "acme", "manager")];
  });

  it(
    `${SCANS} scans of one ticket at once on two processes: exactly one ok, the rest already_checked_in`,
    async () => {
      const { booking, code, slot } = await todaysBooking(2);
      // The guide scans their own departure (any other would be not_assigned).
      await db().update(slots).set({ guideUserId: scanners[0].uid }).where(eq(slots.id, slot.id));
      // Both processes answer, and token verification is warm on each.
      for (const { url } of processes())
        for (const scanner of scanners) expect((await scanOver(url, scanner.idToken, "0000")).status).toBe(200);

      const answers = await Promise.all(
        Array.from({ length: SCANS }, (_, i) =>
          scanOver(processes()[i % 2].url, scanners[Math.floor(i / 2) % 2].idToken, code),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(SCANS).fill(200));
      const outcomes = answers.map((answer) => answer.body.data.outcome as string);
      console.log(JSON.stringify({ checkInRace: { scans: SCANS, ok: outcomes.filter((o) => o === "ok").length } }));
      expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === "already_checked_in")).toHaveLength(SCANS - 1);
      const rows = await db().select().from(bookingCheckIns).where(eq(bookingCheckIns.bookingId, booking.id));
      expect(rows).toHaveLength(2);
      // Every later answer names the one first check-in time.
      const first = answers.find((answer) => answer.body.data.outcome === "already_checked_in")!.body.data;
      expect(first.firstCheckedInAt).toBe(rows[0].at.toISOString());
    },
    stretched(60_000),
  );

  it("a booking cancelled by its traveller answers cancelled on both processes", async () => {
    const { traveller, booking, code } = await todaysBooking(1);
    // Today's departure is inside the cutoff for the traveller: the operator's cancellation path is
    // the refunds part's; here the booking is cancelled as the traveller's cancel would leave it.
    await v1.cancelBooking({ params: { id: booking.id }, token: traveller.idToken });
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking.id));
    for (const { url } of processes()) {
      const answer = await scanOver(url, scanners[1].idToken, code);
      expect(answer.body.data).toMatchObject({ outcome: "cancelled", booking: null });
    }
  });
});

describe("random codes", () => {
  it(
    `${RANDOM_CODES.toLocaleString("en")} random well-formed codes: every one invalid`,
    async () => {
      // Ten scanners: each stays under the per-member limit of 120 a minute.
      const scanners = await Promise.all(Array.from({ length: 10 }, () => syncedMember(db(), "acme", "manager")));
      await todaysBooking(1);
      const outcomes = new Map<string, number>();
      for (let batch = 0; batch < RANDOM_CODES / 50; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) => {
            const code = Array.from({ length: 26 }, () => CROCKFORD[randomInt(32)]).join("");
            return v1.operatorCheckIn({
              token: scanners[(batch * 50 + i) % 10].idToken,
              account: "acme",
              body: { code, idempotencyKey: randomUUID() },
            });
          }),
        );
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          const outcome = answer.body.data.outcome as string;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }
      expect(Object.fromEntries(outcomes)).toEqual({ invalid: RANDOM_CODES });
    },
    stretched(120_000),
  );
});
