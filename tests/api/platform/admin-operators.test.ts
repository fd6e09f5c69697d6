import { desc, eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { followChanges } from "~api/changes/feed";
import { accounts, bookings, platformAuditLog, users } from "~api/db/schema";
import { CHANGED_HEADER, type ChangeTopic } from "~contract/system/changes";
import { expectEnvelope, seedDbForThisFile } from "../../support/api";
import { v1 } from "../../support/client";
import { withEmulatorUsers } from "../../support/identity";
import { accountIdOf } from "../../support/operator";
import { countQueries } from "../../support/query-counter";
import { everyPage, platformAdmin } from "../../support/platform-admin";
import type { EnrolledUser } from "../../support/two-step";

const { db } = seedDbForThisFile();
withEmulatorUsers();

let admin: EnrolledUser;
beforeAll(async () => {
  admin = await platformAdmin(db());
});

const DAY_MS = 86_400_000;

describe("the operators' list", () => {
  it("gives each operator's bookings and revenue of the last 30 days, as the bookings add up", async () => {
    const answer = await v1.adminListOperators({ token: admin.idToken, query: { limit: 100 } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const acme = answer.body.data.items.find((item: { slug: string }) => item.slug === "acme");
    const confirmed = await db()
      .select({ confirmedAt: bookings.confirmedAt, totalMinor: bookings.totalMinor })
      .from(bookings)
      .where(sql`${bookings.accountId} = ${await accountIdOf(db(), "acme")} and ${bookings.confirmedAt} is not null`);
    const since = Date.now() - 30 * DAY_MS;
    const recent = confirmed.filter((row) => row.confirmedAt!.getTime() >= since);
    expect(recent.length).toBeGreaterThan(0);
    expect(acme).toMatchObject({
      status: "active",
      suspendedAt: null,
      currency: "USD",
      last30Days: { bookings: recent.length, revenueMinor: recent.reduce((sum, row) => sum + row.totalMinor, 0) },
    });
  });

  it("reads a page in the same number of statements whatever its size (no query per operator)", async () => {
    const small = await countQueries(db(), () => v1.adminListOperators({ token: admin.idToken, query: { limit: 1 } }));
    const large = await countQueries(db(), () => v1.adminListOperators({ token: admin.idToken, query: { limit: 50 } }));
    expect(large).toBe(small);
  });

  it("finds by a part of the name or slug, filters by status, and pages by name without a row twice", async () => {
    const byName = await v1.adminListOperators({ token: admin.idToken, query: { q: "ADVENT" } });
    expect(byName.body.data.items.map((item: { slug: string }) => item.slug)).toContain("acme");
    const bySlug = await v1.adminListOperators({ token: admin.idToken, query: { q: "harb" } });
    expect(bySlug.body.data.items.map((item: { slug: string }) => item.slug)).toEqual(["harbor"]);
    const wildcard = await v1.adminListOperators({ token: admin.idToken, query: { q: "%" } });
    expect(wildcard.body.data.items).toEqual([]);

    const all = await db().select({ id: accounts.id }).from(accounts);
    const seen = (
      await everyPage<{ id: string }>((cursor) =>
        v1.adminListOperators({ token: admin.idToken, query: { limit: 2, cursor } }),
      )
    ).map((item) => item.id);
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen).size).toBe(all.length);

    for (const query of [{ status: "closed" }, { limit: "0" }, { cursor: "%%%" }, { q: "x".repeat(101) }])
      expectEnvelope(await v1.adminListOperators({ token: admin.idToken, query }), 400, "validation_error");
  });
});

describe("suspending and reinstating", () => {
  it("suspends with a reason, audited before and after, caches told; again is 409; reinstating brings it back", async () => {
    const accountId = await accountIdOf(db(), "summit");
    expectEnvelope(
      await v1.adminSuspendOperator({ params: { accountId }, token: admin.idToken, body: {} }),
      400,
      "validation_error",
    );
    const heard: ChangeTopic[][] = [];
    const stop = followChanges((topics) => heard.push([...topics]));
    try {
      const reason = "Chargebacks under review.";
      const suspended = await v1.adminSuspendOperator({
        params: { accountId },
        token: admin.idToken,
        body: { reason },
      });
      expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
      expect(suspended.body.data).toMatchObject({ id: accountId, status: "suspended", suspensionReason: reason });
      expect(suspended.body.data.suspendedAt).not.toBeNull();
      expect(suspended.headers.get(CHANGED_HEADER)).toBe("catalog, seats");
      expect(heard).toContainEqual(["catalog", "seats"]);
      const [row] = await db().select().from(accounts).where(eq(accounts.id, accountId));
      expect(row).toMatchObject({ status: "suspended", suspensionReason: reason });

      const again = await v1.adminSuspendOperator({ params: { accountId }, token: admin.idToken, body: { reason } });
      expectEnvelope(again, 409, "operator_already_suspended");
      const suspendedOnly = await v1.adminListOperators({ token: admin.idToken, query: { status: "suspended" } });
      expect(suspendedOnly.body.data.items.map((item: { id: string }) => item.id)).toEqual([accountId]);

      heard.length = 0;
      const reinstated = await v1.adminReinstateOperator({ params: { accountId }, token: admin.idToken });
      expect(reinstated.status, JSON.stringify(reinstated.body)).toBe(200);
      expect(reinstated.body.data).toMatchObject({ status: "active", suspendedAt: null, suspensionReason: null });
      expect(heard).toContainEqual(["catalog", "seats"]);
      expectEnvelope(
        await v1.adminReinstateOperator({ params: { accountId }, token: admin.idToken }),
        409,
        "operator_not_suspended",
      );
    } finally {
      stop();
    }

    const audit = await db()
      .select()
      .from(platformAuditLog)
      .where(eq(platformAuditLog.targetId, accountId))
      .orderBy(platformAuditLog.at);
    expect(audit.map((entry) => entry.action)).toEqual(["operator.suspended", "operator.reinstated"]);
    expect(audit[0]).toMatchObject({
      actorId: admin.uid,
      actorEmail: admin.email,
      targetType: "operator",
      before: { status: "active", suspendedAt: null, suspensionReason: null },
      after: { status: "suspended", suspensionReason: "Chargebacks under review." },
    });
    expect(audit[1]).toMatchObject({
      before: { status: "suspended" },
      after: { status: "active", suspendedAt: null, suspensionReason: null },
    });
    expectEnvelope(
      await v1.adminSuspendOperator({
        params: { accountId: "acc_nobody" },
        token: admin.idToken,
        body: { reason: "x" },
      }),
      404,
      "operator_not_found",
    );
  });
});

describe("support: finding a booking", () => {
  async function aSeededBooking() {
    const [row] = await db()
      .select({ id: bookings.id, ticketCode: bookings.ticketCode, email: users.email, accountId: bookings.accountId })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(isNotNull(bookings.confirmedAt))
      .orderBy(desc(bookings.createdAt))
      .limit(1);
    return row;
  }

  it("finds one by its reference, its ticket code (as typed) and its guest's email, as the operator sees it, read-only", async () => {
    const booking = await aSeededBooking();
    const operatorView = await v1.adminFindBooking({ token: admin.idToken, query: { q: booking.ticketCode } });
    expect(operatorView.status, JSON.stringify(operatorView.body)).toBe(200);
    expect(operatorView.body.data.kind).toBe("ticketCode");
    const [found] = operatorView.body.data.items;
    expect(found.booking.booking.id).toBe(booking.id);
    expect(found.operator.id).toBe(booking.accountId);
    expect(found.booking.source.canMarkPaid).toBe(false);
    expect(found.booking.money).toMatchObject({ canRefund: false, canReleaseSeats: false });

    const reference: string = found.booking.booking.reference;
    const typedCode = booking.ticketCode
      .toLowerCase()
      .match(/.{1,4}/g)!
      .join(" ");
    for (const [q, kind] of [
      [reference, "reference"],
      [reference.toLowerCase().replace(/-/g, ""), "reference"],
      [typedCode, "ticketCode"],
      [booking.email!.toUpperCase(), "email"],
    ] as const) {
      const answer = await v1.adminFindBooking({ token: admin.idToken, query: { q } });
      expect(answer.body.data.kind, q).toBe(kind);
      expect(
        answer.body.data.items.map((item: { booking: { booking: { id: string } } }) => item.booking.booking.id),
        q,
      ).toContain(booking.id);
    }
    const byEmail = await v1.adminFindBooking({ token: admin.idToken, query: { q: booking.email! } });
    expect(byEmail.body.data.items.length).toBeLessThanOrEqual(20);

    const none = await v1.adminFindBooking({ token: admin.idToken, query: { q: "WF-0000-0000" } });
    expect(none.body.data).toEqual({ kind: "reference", items: [] });
    for (const q of ["", "hello", "not@an@email", "x".repeat(300), "WF-ABCD"])
      expectEnvelope(await v1.adminFindBooking({ token: admin.idToken, query: { q } }), 400, "validation_error");

    const [lookup] = await db()
      .select()
      .from(platformAuditLog)
      .where(eq(platformAuditLog.action, "booking.looked_up"))
      .orderBy(desc(platformAuditLog.at))
      .limit(1);
    expect(lookup).toMatchObject({
      actorId: admin.uid,
      targetId: "reference",
      after: { kind: "reference", found: [] },
    });
  });
});

describe("the platform audit log", () => {
  it("lists every admin action newest first, a page at a time, without a row twice", async () => {
    for (let i = 0; i < 3; i++) await v1.adminFindBooking({ token: admin.idToken, query: { q: "WF-0000-0000" } });
    const total = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(platformAuditLog)
    )[0].n;
    expect(total).toBeGreaterThanOrEqual(3);
    const items = await everyPage<{ id: string; at: string }>((cursor) =>
      v1.adminAuditLog({ token: admin.idToken, query: { limit: 2, cursor } }),
    );
    const seen = items.map((item) => item.id);
    const times = items.map((item) => item.at);
    expect(new Set(seen).size).toBe(total);
    expect([...times].sort().reverse()).toEqual(times);
    const [newest] = (await v1.adminAuditLog({ token: admin.idToken, query: { limit: 1 } })).body.data.items;
    expect(newest).toMatchObject({
      action: "booking.looked_up",
      actor: { id: admin.uid, email: admin.email },
      target: { type: "booking_lookup", id: "reference" },
      before: null,
    });
    expect(newest.clientAddress).toMatch(/^[\d.:a-f]+$/);
  });
});
