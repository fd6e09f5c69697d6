import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { operatorApplications } from "~api/db/schema";
import * as home from "~/routes/_home.$";
import * as layout from "~/routes/_admin";
import * as index from "~/routes/_admin.admin._index";
import * as applications from "~/routes/_admin.admin.applications._index";
import * as application from "~/routes/_admin.admin.applications.$applicationId";
import * as operators from "~/routes/_admin.admin.operators";
import * as support from "~/routes/_admin.admin.support";
import * as auditLog from "~/routes/_admin.admin.audit-log";
import * as operatorMoney from "~/routes/_admin.admin.operators_.$accountId";
import * as earnings from "~/routes/_admin.admin.earnings";
import * as sell from "~/routes/_default.sell";
import * as account from "~/routes/_account.account._index";
import { NO_SUCH_ID } from "../support/api";
import { bookingWorld, bookingUser, confirmedBooking, createSlot } from "../support/booking";
import { ACME, memberOf } from "../support/console-routes";
import { applicationForm, platformAdminWithoutSecondFactor, signedInPlatformAdmin } from "../support/platform-admin";
import { args, flashOf, outcome, pageRequest, posted, sessionFor, signedInUser, type Outcome } from "../support/routes";

const { db, acme } = bookingWorld();

type Route = { loader: (args: never) => unknown };
const load = (route: Route, path: string, cookie: string | null, params: Record<string, string> = {}, host?: string) =>
  outcome(() => route.loader(args(pageRequest(path, { cookie, host }), params) as never));

/** Every admin page: its route, its address and its params. */
const PAGES: Array<[Route, string, Record<string, string>]> = [
  [layout, "/admin", {}],
  [index, "/admin", {}],
  [applications, "/admin/applications?status=pending", {}],
  [application, `/admin/applications/${NO_SUCH_ID}`, { applicationId: NO_SUCH_ID }],
  [operators, "/admin/operators?q=acme", {}],
  [support, "/admin/support?q=WF-0000-0000", {}],
  [auditLog, "/admin/audit-log", {}],
  [operatorMoney, "/admin/operators/acc_x", { accountId: "acc_x" }],
  [earnings, "/admin/earnings?from=2026-01-01&to=2026-01-31", {}],
];

/** What an unknown address answers on the marketplace (the catch-all page's 404). */
const unknownAddress = (path: string) => load(home, path, null, { "*": new URL(path, "http://x").pathname.slice(1) });

async function expectLikeUnknownAddress(answer: Outcome, path: string) {
  expect(answer.status, path).toBe(404);
  expect(answer.location).toBeNull();
  const unknown = await unknownAddress(path);
  expect(unknown.status).toBe(404);
  expect(answer.data, path).toEqual(unknown.data);
}

const adminCookie = () => signedInPlatformAdmin(db());

/** A new user's application to sell, sent through /sell: its id. */
async function sentApplication(slug: string): Promise<{ id: string; cookie: string }> {
  const { cookie } = await signedInUser();
  const sent = await posted(sell, "/sell", cookie, applicationForm(slug));
  expect(sent.status, JSON.stringify(sent.data)).toBe(302);
  const [row] = await db().select().from(operatorApplications).where(eq(operatorApplications.slug, slug));
  return { id: row.id, cookie };
}

const post = (
  route: { action: (args: never) => unknown },
  path: string,
  cookie: string,
  form: Record<string, string>,
  params: Record<string, string> = {},
  origin?: string,
) => outcome(() => route.action(args(pageRequest(path, { cookie, form, origin }), params) as never));

describe("/admin: the platform admins' console (issue 44)", () => {
  it("answers every page as an unknown address (404, no sign-in redirect) to the signed out, a traveller and an operator's owner", async () => {
    const traveller = await signedInUser();
    const owner = await memberOf(db(), "owner");
    for (const [route, path, params] of PAGES)
      for (const cookie of [null, "__session=not-a-session", traveller.cookie, owner.cookie])
        await expectLikeUnknownAddress(await load(route, path, cookie, params), path);
  });

  it("answers 404 on a storefront host, even to an admin", async () => {
    const { cookie } = await adminCookie();
    for (const [route, path, params] of PAGES)
      expect((await load(route, path, cookie, params, ACME)).status, path).toBe(404);
  });

  it("sends an admin without a second factor to set one up, and back (pages and forms)", async () => {
    const admin = await platformAdminWithoutSecondFactor(db());
    const cookie = await sessionFor(admin);
    for (const [route, path, params] of PAGES) {
      const answer = await load(route, path, cookie, params);
      expect(answer.status, path).toBe(302);
      expect(answer.location).toBe(`/account/security?${new URLSearchParams({ redirectUrl: path })}`);
    }
    const posting = await post(operators, "/admin/operators", cookie, { intent: "reinstate", accountId: "acc_x" });
    expect(posting.location).toBe("/account/security?redirectUrl=%2Fadmin%2Foperators");
  });

  it("shows an admin the applications by status, one in full, and approves it without JavaScript: the operator, its storefront, the applicant its owner", async () => {
    const { cookie } = await adminCookie();
    const sent = await sentApplication("admin-test-walks");
    expect((await load(layout, "/admin", cookie)).data).toEqual({ applicationsWaiting: true });
    expect((await load(index, "/admin", cookie)).location).toBe("/admin/applications");

    const list = await load(applications, "/admin/applications", cookie);
    expect(list.status).toBe(200);
    expect(list.data.status).toBe("pending");
    expect(list.data.list.items.map((item: { slug: string }) => item.slug)).toContain("admin-test-walks");
    const rejectedList = await load(applications, "/admin/applications?status=rejected", cookie);
    expect(rejectedList.data.list.items).toEqual([]);

    const path = `/admin/applications/${sent.id}`;
    const params = { applicationId: sent.id };
    const page = await load(application, path, cookie, params);
    expect(page.status).toBe(200);
    expect(page.data.application).toMatchObject({
      status: "pending",
      businessName: "Lisbon Food Walks",
      contactPhone: "+351 912 345 678",
      website: "https://lisbon-food-walks.example",
    });
    expect(page.data.storefrontUrl).toBeNull();

    const approved = await post(application, path, cookie, { intent: "approve" }, params);
    expect(approved.status).toBe(302);
    expect(approved.location).toBe(path);
    expect(flashOf(approved.headers)).toBe('"admin.applications.approved"');
    const after = await load(application, path, cookie, params);
    expect(after.data.application.status).toBe("approved");
    expect(after.data.storefrontUrl).toBe("http://admin-test-walks.app.localhost:3000");
    // The applicant's account says so, with the way to the console.
    const applicantHome = await load(account, "/account", sent.cookie);
    expect(applicantHome.data.application).toMatchObject({
      status: "approved",
      consoleUrl: "http://admin-test-walks.app.localhost:3000/console",
    });
    // Decided: approving again is the form's message.
    const again = await post(application, path, cookie, { intent: "approve" }, params);
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      intent: "approve",
      result: { error: { "": ["apiErrors.application_decided"] } },
    });
  });

  it("rejects with a reason (required), which the applicant reads on /account", async () => {
    const { cookie } = await adminCookie();
    const sent = await sentApplication("admin-test-rejected");
    const path = `/admin/applications/${sent.id}`;
    const params = { applicationId: sent.id };
    const noReason = await post(application, path, cookie, { intent: "reject", reason: "  " }, params);
    expect(noReason.status).toBe(400);
    expect(noReason.data).toMatchObject({
      intent: "reject",
      result: { error: { reason: ["validation.reasonRequired"] } },
    });
    const rejected = await post(
      application,
      path,
      cookie,
      { intent: "reject", reason: "No walks in Lisbon yet." },
      params,
    );
    expect(rejected.status).toBe(302);
    expect(flashOf(rejected.headers)).toBe('"admin.applications.rejected"');
    const applicantHome = await load(account, "/account", sent.cookie);
    expect(applicantHome.data.application).toMatchObject({
      status: "rejected",
      rejectionReason: "No walks in Lisbon yet.",
      consoleUrl: null,
    });
    // An application nobody has: the 404 page.
    const missing = await post(
      application,
      `/admin/applications/${NO_SUCH_ID}`,
      cookie,
      { intent: "approve" },
      { applicationId: NO_SUCH_ID },
    );
    expect(missing.status).toBe(404);
  });

  it("lists operators with their 30 days, searched and filtered, and suspends (with a reason) and reinstates them", async () => {
    const { cookie } = await adminCookie();
    const slot = await createSlot(db(), acme.serviceId);
    await confirmedBooking(await bookingUser(acme), acme, slot.id, 2);
    const found = await load(operators, "/admin/operators?q=acm", cookie);
    expect(found.status).toBe(200);
    const row = found.data.list.items.find((item: { slug: string }) => item.slug === "acme");
    expect(row).toMatchObject({ status: "active", storefrontUrl: "http://acme.app.localhost:3000" });
    expect(row.last30Days.bookings).toBeGreaterThan(0);
    expect(row.last30Days.revenueMinor).toBeGreaterThan(0);
    const refused = await load(operators, `/admin/operators?q=${"x".repeat(200)}`, cookie);
    expect(refused.data).toMatchObject({ refused: true, list: { items: [] } });

    const path = "/admin/operators?status=active";
    const noReason = await post(operators, path, cookie, { intent: "suspend", accountId: row.id, reason: "" });
    expect(noReason.status).toBe(400);
    expect(noReason.data).toMatchObject({
      intent: `suspend:${row.id}`,
      result: { error: { reason: ["validation.reasonRequired"] } },
    });
    const suspended = await post(operators, path, cookie, {
      intent: "suspend",
      accountId: row.id,
      reason: "Chargebacks.",
    });
    expect(suspended.status).toBe(302);
    expect(suspended.location).toBe(path);
    expect(flashOf(suspended.headers)).toBe('"admin.operators.suspended"');
    const listed = await load(operators, "/admin/operators?status=suspended", cookie);
    expect(
      listed.data.list.items.map((item: { slug: string; suspensionReason: string }) => [
        item.slug,
        item.suspensionReason,
      ]),
    ).toEqual([["acme", "Chargebacks."]]);
    const twice = await post(operators, path, cookie, { intent: "suspend", accountId: row.id, reason: "Again." });
    expect(twice.status).toBe(409);
    expect(twice.data).toMatchObject({
      intent: `suspend:${row.id}`,
      result: { error: { "": ["apiErrors.operator_already_suspended"] } },
    });
    const reinstated = await post(operators, path, cookie, { intent: "reinstate", accountId: row.id });
    expect(reinstated.status).toBe(302);
    expect(flashOf(reinstated.headers)).toBe('"admin.operators.reinstated"');
    expect((await load(operators, "/admin/operators?status=suspended", cookie)).data.list.items).toEqual([]);
  });

  it("refuses a post from another site (403) and a non-admin's post (the 404 page)", async () => {
    const { cookie } = await adminCookie();
    const sent = await sentApplication("admin-test-cross-site");
    const path = `/admin/applications/${sent.id}`;
    const params = { applicationId: sent.id };
    const crossSite = await post(application, path, cookie, { intent: "approve" }, params, "https://evil.example");
    expect(crossSite.status).toBe(403);
    const traveller = await signedInUser();
    const notAdmin = await post(application, path, traveller.cookie, { intent: "approve" }, params);
    expect(notAdmin.status).toBe(404);
    const stillPending = await load(application, path, cookie, params);
    expect(stillPending.data.application.status).toBe("pending");
  });

  it("finds a booking by its reference or its guest's email, as the console shows it, read-only", async () => {
    const { cookie } = await adminCookie();
    const guest = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    const booking = await confirmedBooking(guest, acme, slot.id, 1);
    const empty = await load(support, "/admin/support", cookie);
    expect(empty.data).toMatchObject({ q: "", found: null, refused: false });
    const byReference = await load(support, `/admin/support?q=${booking.reference}`, cookie);
    expect(byReference.data.found.kind).toBe("reference");
    expect(byReference.data.found.items).toHaveLength(1);
    expect(byReference.data.found.items[0]).toMatchObject({
      operator: { slug: "acme" },
      booking: { booking: { id: booking.id }, guest: { email: guest.email } },
    });
    const byEmail = await load(support, `/admin/support?q=${encodeURIComponent(guest.email)}`, cookie);
    expect(byEmail.data.found.kind).toBe("email");
    expect(
      byEmail.data.found.items.map((item: { booking: { booking: { id: string } } }) => item.booking.booking.id),
    ).toContain(booking.id);
  });

  it("shows the audit log of admin actions, newest first: who, what, before and after", async () => {
    const { admin, cookie } = await adminCookie();
    const sent = await sentApplication("admin-test-audited");
    await post(
      application,
      `/admin/applications/${sent.id}`,
      cookie,
      { intent: "reject", reason: "Audited." },
      { applicationId: sent.id },
    );
    const log = await load(auditLog, "/admin/audit-log", cookie);
    expect(log.status).toBe(200);
    const entry = log.data.log.items[0];
    expect(entry).toMatchObject({
      action: "application.rejected",
      actor: { id: admin.uid },
      target: { type: "application", id: sent.id },
    });
    expect(JSON.parse(entry.after)).toMatchObject({ status: "rejected" });
    expect(log.data.paged).toBe(false);
    // A cursor the API cannot read: the 404 page.
    expect((await load(auditLog, "/admin/audit-log?cursor=nonsense", cookie)).status).toBe(404);
  });
});
