import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, operatorApplications, operatorMembers, platformAuditLog } from "~api/db/schema";
import { APPLY_LIMITS } from "~api/platform/routes";
import { CHANGED_HEADER } from "~contract/system/changes";
import { RESERVED_SLUGS } from "~contract/platform/operator-slug";
import { expectEnvelope, expectRefusedOn, NO_SUCH_ID, seedDbForThisFile } from "../../support/api";
import { v1 } from "../../support/client";
import { outboxOfKind, syncedUser, withEmulatorUsers, type TestUser } from "../../support/identity";
import { everyPage, platformAdmin } from "../../support/platform-admin";

const { db } = seedDbForThisFile();
withEmulatorUsers();

let serial = 0;
/** A valid application for a slug of its own. */
function application(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    businessName: "Lisbon Food Walks",
    slug: `food-walks-${serial}`,
    country: "PT",
    currency: "EUR",
    timezone: "Europe/Lisbon",
    contactEmail: "hello@food-walks.example",
    contactPhone: "+351 21 555 0100",
    description: "Small-group food walks through Alfama and Mouraria.\nTastings included.",
    website: "https://food-walks.example",
    ...overrides,
  };
}

async function applied(user: TestUser, overrides: Record<string, unknown> = {}) {
  const answer = await v1.applyAsOperator({ token: user.idToken, body: application(overrides) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { id: string; slug: string; status: string };
}

describe("applying to sell", () => {
  it("keeps the application pending, and shows it to its applicant (and no one else)", async () => {
    const user = await syncedUser();
    expect((await v1.myOperatorApplication({ token: user.idToken })).body.data).toEqual({ application: null });
    const sent = await v1.applyAsOperator({
      token: user.idToken,
      body: application({ slug: "  Lisbon-Food-Walks ", country: "pt", website: "" }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({
      status: "pending",
      slug: "lisbon-food-walks",
      country: "PT",
      website: null,
      rejectionReason: null,
      accountId: null,
    });
    const mine = await v1.myOperatorApplication({ token: user.idToken });
    expect(mine.body.data.application).toEqual(sent.body.data);
    const other = await syncedUser();
    expect((await v1.myOperatorApplication({ token: other.idToken })).body.data.application).toBeNull();
    expectEnvelope(await v1.applyAsOperator({ body: application() }), 401, "unauthorized");
  });

  it("allows one open application per user (409 application_open), also when two are sent at once", async () => {
    const user = await syncedUser();
    const [a, b] = await Promise.all([
      v1.applyAsOperator({ token: user.idToken, body: application() }),
      v1.applyAsOperator({ token: user.idToken, body: application() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((answer) => answer.status === 409)!.body.error.code).toBe("application_open");
    expectEnvelope(await v1.applyAsOperator({ token: user.idToken, body: application() }), 409, "application_open");
    const rows = await db().select().from(operatorApplications).where(eq(operatorApplications.userId, user.uid));
    expect(rows).toHaveLength(1);
  });

  it("refuses a slug an operator has or a pending application asks for (409 slug_taken), a reserved one (400 slug_reserved)", async () => {
    const first = await syncedUser();
    const { slug } = await applied(first);
    const second = await syncedUser();
    const taken = expectEnvelope(
      await v1.applyAsOperator({ token: second.idToken, body: application({ slug }) }),
      409,
      "slug_taken",
    );
    expect(taken.fields?.slug).toHaveLength(1);
    expectEnvelope(
      await v1.applyAsOperator({ token: second.idToken, body: application({ slug: "acme" }) }),
      409,
      "slug_taken",
    );
    for (const reserved of ["www", "admin", "API"]) {
      const refused = expectEnvelope(
        await v1.applyAsOperator({ token: second.idToken, body: application({ slug: reserved }) }),
        400,
        "slug_reserved",
      );
      expect(refused.fields?.slug).toHaveLength(1);
    }
    expect(await db().select().from(operatorApplications).where(eq(operatorApplications.userId, second.uid))).toEqual(
      [],
    );
  });

  it("refuses hostile or malformed input with 400 and the field's message, never a 500", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ slug: "-starts-with-dash" }, "slug"],
      [{ slug: "ends-with-dash-" }, "slug"],
      [{ slug: "ab" }, "slug"],
      [{ slug: "a".repeat(41) }, "slug"],
      [{ slug: "under_score" }, "slug"],
      [{ slug: "ünïcode" }, "slug"],
      [{ slug: ["array"] }, "slug"],
      [{ businessName: "" }, "businessName"],
      [{ businessName: "Evil\u202Ename" }, "businessName"],
      [{ businessName: "x".repeat(101) }, "businessName"],
      [{ country: "XX" }, "country"],
      [{ country: "Portugal" }, "country"],
      [{ currency: "EURO" }, "currency"],
      [{ currency: "XYZ" }, "currency"],
      [{ timezone: "Europe/Atlantis" }, "timezone"],
      [{ timezone: "../../etc/passwd" }, "timezone"],
      [{ contactEmail: "not-an-email" }, "contactEmail"],
      [{ contactPhone: "call me" }, "contactPhone"],
      [{ contactPhone: "12" }, "contactPhone"],
      [{ description: "   " }, "description"],
      [{ description: "x".repeat(2001) }, "description"],
      [{ description: "null byte \u0000 here" }, "description"],
      [{ website: "javascript:alert(1)" }, "website"],
      [{ website: "https://user:pass@example.com" }, "website"],
      [{ website: 42 }, "website"],
    ];
    // Each try counts against the user's rate limit: a new applicant for every few.
    const users = await Promise.all(
      Array.from({ length: Math.ceil(cases.length / (APPLY_LIMITS.perUser - 1)) }, () => syncedUser()),
    );
    for (const [index, [overrides, field]] of cases.entries()) {
      const token = users[Math.floor(index / (APPLY_LIMITS.perUser - 1))].idToken;
      expectRefusedOn(
        await v1.applyAsOperator({ token, body: application(overrides) }),
        field,
        JSON.stringify(overrides),
      );
    }
    const missing = expectEnvelope(
      await v1.applyAsOperator({ token: users[0].idToken, body: {} }),
      400,
      "validation_error",
    );
    expect(Object.keys(missing.fields ?? {}).sort()).toEqual(
      ["businessName", "contactEmail", "contactPhone", "country", "currency", "description", "slug", "timezone"].sort(),
    );
    const kept = await db()
      .select()
      .from(operatorApplications)
      .where(
        inArray(
          operatorApplications.userId,
          users.map((each) => each.uid),
        ),
      );
    expect(kept).toEqual([]);
  });

  it(`is rate-limited: ${APPLY_LIMITS.perUser} tries an hour per user, then 429 with Retry-After`, async () => {
    const user = await syncedUser();
    for (let i = 0; i < APPLY_LIMITS.perUser; i++)
      expect((await v1.applyAsOperator({ token: user.idToken, body: { slug: "x" } })).status).toBe(400);
    const refused = await v1.applyAsOperator({ token: user.idToken, body: application() });
    expectEnvelope(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("a slug's availability, as it is typed", () => {
  it("says invalid, reserved, taken (an operator, a pending application) or available", async () => {
    const user = await syncedUser();
    const { slug: pendingSlug } = await applied(await syncedUser());
    const check = async (slug: string) =>
      (await v1.checkOperatorSlug({ token: user.idToken, query: { slug } })).body.data;
    expect(await check("a")).toEqual({ slug: "a", available: false, reason: "invalid" });
    expect(await check("bad--")).toMatchObject({ available: false, reason: "invalid" });
    expect(await check(RESERVED_SLUGS[0])).toMatchObject({ available: false, reason: "reserved" });
    expect(await check(" WWW ")).toEqual({ slug: "www", available: false, reason: "reserved" });
    expect(await check("acme")).toMatchObject({ available: false, reason: "taken" });
    expect(await check(pendingSlug)).toMatchObject({ available: false, reason: "taken" });
    expect(await check("porto-sunset-sails")).toEqual({ slug: "porto-sunset-sails", available: true, reason: null });
    expectEnvelope(
      await v1.checkOperatorSlug({ token: user.idToken, query: { slug: "x".repeat(101) } }),
      400,
      "validation_error",
    );
    expectEnvelope(await v1.checkOperatorSlug({ query: { slug: "acme" } }), 401, "unauthorized");
  });
});

describe("approving and rejecting", () => {
  it("approves: the operator, its storefront and the applicant as owner in one go; emailed, audited, announced", async () => {
    const admin = await platformAdmin(db());
    const applicant = await syncedUser();
    const { id, slug } = await applied(applicant);
    const listed = await v1.adminListApplications({ token: admin.idToken });
    expect(listed.body.data.items.map((item: { id: string }) => item.id)).toContain(id);
    const opened = await v1.adminApplication({ params: { applicationId: id }, token: admin.idToken });
    expect(opened.body.data).toMatchObject({
      id,
      applicant: { userId: applicant.uid, email: applicant.email },
      decidedBy: null,
      slugTaken: false,
    });

    const approved = await v1.adminApproveApplication({ params: { applicationId: id }, token: admin.idToken });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.headers.get(CHANGED_HEADER)).toBe("catalog");
    const { operator, application: decided } = approved.body.data;
    expect(operator).toMatchObject({ slug, ownerUserId: applicant.uid, invitationId: null });
    expect(decided).toMatchObject({ status: "approved", accountId: operator.accountId, slugTaken: false });
    expect(decided.decidedBy.userId).toBe(admin.uid);

    const [account] = await db().select().from(accounts).where(eq(accounts.id, operator.accountId));
    expect(account).toMatchObject({ slug, name: "Lisbon Food Walks", currency: "EUR", country: "PT" });
    const [member] = await db()
      .select()
      .from(operatorMembers)
      .where(and(eq(operatorMembers.accountId, operator.accountId), eq(operatorMembers.userId, applicant.uid)));
    expect(member.role).toBe("owner");
    expect((await v1.operatorMe({ token: applicant.idToken, account: slug })).status).toBe(200);
    expect((await v1.myOperatorApplication({ token: applicant.idToken })).body.data.application).toMatchObject({
      status: "approved",
      accountId: operator.accountId,
    });

    const [mail] = await outboxOfKind(applicant.email, "operator_application_approved");
    expect(mail.meta.link).toBe(`http://${slug}.app.localhost:3000/console`);
    expect(mail.textBody).toContain("Lisbon Food Walks");

    const audit = await db()
      .select()
      .from(platformAuditLog)
      .where(sql`${platformAuditLog.targetId} in (${id}, ${operator.accountId})`);
    expect(audit.map((row) => [row.action, row.actorId, row.actorEmail])).toEqual(
      expect.arrayContaining([
        ["application.approved", admin.uid, admin.email],
        ["operator.created", admin.uid, admin.email],
      ]),
    );
    const decision = audit.find((row) => row.action === "application.approved")!;
    expect(decision.before).toMatchObject({ status: "pending", accountId: null });
    expect(decision.after).toMatchObject({ status: "approved", accountId: operator.accountId });

    // Decided: not again, either way.
    expectEnvelope(
      await v1.adminApproveApplication({ params: { applicationId: id }, token: admin.idToken }),
      409,
      "application_decided",
    );
    expectEnvelope(
      await v1.adminRejectApplication({ params: { applicationId: id }, token: admin.idToken, body: { reason: "No." } }),
      409,
      "application_decided",
    );
    // The applicant may apply again (for another operator).
    await applied(applicant);
  });

  it("rejects with a reason (required): emailed with it, audited, and the applicant may apply again", async () => {
    const admin = await platformAdmin(db());
    const applicant = await syncedUser();
    const { id } = await applied(applicant);
    for (const body of [{}, { reason: "  " }, { reason: "x".repeat(1001) }]) {
      const refused = expectEnvelope(
        await v1.adminRejectApplication({ params: { applicationId: id }, token: admin.idToken, body }),
        400,
        "validation_error",
      );
      expect(Object.keys(refused.fields ?? {})).toEqual(["reason"]);
    }
    const reason = "We only list operators with a licence.\nSend it with a new application.";
    const rejected = await v1.adminRejectApplication({
      params: { applicationId: id },
      token: admin.idToken,
      body: { reason },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: "rejected", rejectionReason: reason, accountId: null });
    const [mail] = await outboxOfKind(applicant.email, "operator_application_rejected");
    expect(mail.textBody).toContain("We only list operators with a licence.");
    expect(mail.meta.link).toMatch(/\/account$/);
    const [audit] = await db().select().from(platformAuditLog).where(eq(platformAuditLog.targetId, id));
    expect(audit).toMatchObject({
      action: "application.rejected",
      actorId: admin.uid,
      before: { status: "pending", rejectionReason: null },
      after: { status: "rejected", rejectionReason: reason },
    });
    expect(
      (await v1.adminListApplications({ token: admin.idToken, query: { status: "rejected" } })).body.data.items[0].id,
    ).toBe(id);
    await applied(applicant);
    expectEnvelope(
      await v1.adminApplication({ params: { applicationId: NO_SUCH_ID }, token: admin.idToken }),
      404,
      "application_not_found",
    );
  });

  it("two admins approving one application at once make one operator; the other gets 409", async () => {
    const [first, second] = await Promise.all([platformAdmin(db()), platformAdmin(db())]);
    const applicant = await syncedUser();
    const { id, slug } = await applied(applicant);
    const answers = await Promise.all(
      [first, second].map((admin) =>
        v1.adminApproveApplication({ params: { applicationId: id }, token: admin.idToken }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error.code).toBe("application_decided");
    expect(await db().select().from(accounts).where(eq(accounts.slug, slug))).toHaveLength(1);
    expect(await outboxOfKind(applicant.email, "operator_application_approved")).toHaveLength(1);
  });

  it("two applications for one slug approved at once make one operator and one clear 409 slug_taken", async () => {
    const admin = await platformAdmin(db());
    const [a, b] = await Promise.all([syncedUser(), syncedUser()]);
    const first = await applied(a);
    // The second asked for it before the first existed (applying refuses it now): as it was then.
    const [second] = await db()
      .insert(operatorApplications)
      .values({ ...application({ slug: first.slug, website: null }), userId: b.uid })
      .returning();
    const opened = await v1.adminApplication({ params: { applicationId: second.id }, token: admin.idToken });
    expect(opened.body.data.slugTaken).toBe(true);
    const answers = await Promise.all(
      [first.id, second.id].map((applicationId) =>
        v1.adminApproveApplication({ params: { applicationId }, token: admin.idToken }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refusal = answers.find((answer) => answer.status === 409)!;
    expect(refusal.body.error.code).toBe("slug_taken");
    expect(await db().select().from(accounts).where(eq(accounts.slug, first.slug))).toHaveLength(1);
    // The refused one is still pending, nothing of it was kept.
    const statuses = await db()
      .select({ status: operatorApplications.status })
      .from(operatorApplications)
      .where(sql`${operatorApplications.id} in (${first.id}, ${second.id})`);
    expect(statuses.map((row) => row.status).sort()).toEqual(["approved", "pending"]);
  });

  it("lists applications by status, a page at a time, without a row twice", async () => {
    const admin = await platformAdmin(db());
    for (let i = 0; i < 3; i++) await applied(await syncedUser());
    const seen = (
      await everyPage<{ id: string }>((cursor) =>
        v1.adminListApplications({ token: admin.idToken, query: { status: "pending", limit: 2, cursor } }),
      )
    ).map((item) => item.id);
    const pending = await db()
      .select({ id: operatorApplications.id })
      .from(operatorApplications)
      .where(eq(operatorApplications.status, "pending"));
    expect(seen.sort()).toEqual(pending.map((row) => row.id).sort());
    expectEnvelope(
      await v1.adminListApplications({ token: admin.idToken, query: { cursor: "bm90IGEgY3Vyc29y" } }),
      400,
      "validation_error",
    );
  });
});
