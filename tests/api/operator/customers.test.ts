import "../../support/env";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "~api/app";
import { bookings, customerNotes, notificationPreferences } from "~api/db/schema";
import { customerIdOf, type CustomerRow } from "~contract/operator/customers";
import { expectEnvelope } from "../../support/api";
import {
  bookingUser,
  bookingWorld,
  confirmedBooking,
  createSlot,
  seededService,
  type TestService,
} from "../../support/booking";
import { v1 } from "../../support/client";
import { syncedUser, type TestUser } from "../../support/identity";
import { asMember, auditEntries, syncedMember } from "../../support/operator";

const { db, acme } = bookingWorld();
const harbor = seededService(db, "harbor");

const listOf = (token: string | undefined, query: Record<string, string> = {}, account = "acme") =>
  v1.operatorListCustomers({ query, ...asMember(token, { account }) });

const emails = (body: { data: { customers: CustomerRow[] } }) => body.data.customers.map((row) => row.email);

/** The customers CSV of `account` as lines of cells (the header first). */
async function csvOf(token: string, query = "", account = "acme") {
  const response = await app.fetch(
    new Request(`http://localhost/v1/operator/customers?format=csv${query}`, {
      headers: { Authorization: `Bearer ${token}`, "X-Account-Context": account },
    }),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  expect(response.headers.get("content-disposition")).toMatch(/-customers-consenting-\d{4}-\d\d-\d\d\.csv/);
  return (await response.text())
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
}

/** `user` signs `service`'s operator's waiver too (so they may book there). */
async function signWaiverOf(user: TestUser, service: TestService) {
  const signed = await v1.signWaiver({
    token: user.idToken,
    account: service.accountSlug,
    body: { signedName: "Ada Lovelace", agree: true, textVersion: service.waiverVersion },
  });
  expect(signed.status).toBe(200);
}

const newsByEmail = (userId: string, enabled: boolean) =>
  db().insert(notificationPreferences).values({ userId, category: "news", channel: "email", enabled });

/** Turns one of the traveller's bookings into one the team took for a guest without an account. */
async function asStaffBooking(bookingId: string, takenBy: string, email: string, consent: boolean) {
  await db()
    .update(bookings)
    .set({
      userId: null,
      takenByUserId: takenBy,
      guestName: "Grace Hopper",
      guestEmail: email,
      guestPhone: "+15550001111",
      marketingConsent: consent,
    })
    .where(eq(bookings.id, bookingId));
}

describe("operator customers: the guard", () => {
  it("signed out 401, a non-member 404, a guide 403 (list, page and notes)", async () => {
    const [stranger, guide] = await Promise.all([syncedUser(), syncedMember(db(), "acme", "guide")]);
    expectEnvelope(await listOf(undefined), 401, "unauthorized");
    expectEnvelope(await listOf(stranger.idToken), 404, "not_found");
    expectEnvelope(await listOf(guide.idToken), 403, "forbidden");
    const customerId = customerIdOf("someone@example.com");
    expectEnvelope(await v1.operatorCustomer({ params: { customerId }, ...asMember(guide.idToken) }), 403, "forbidden");
    expectEnvelope(
      await v1.operatorAddCustomerNote({
        params: { customerId },
        ...asMember(guide.idToken, { body: { body: "Hi" } }),
      }),
      403,
      "forbidden",
    );
  });
});

describe("operator customers: only this operator's bookings, CSV only the consenting", () => {
  // both: consented (news by email on), booked once with acme and twice with harbor.
  // quiet: booked with acme, never consented. harborOnly: consented, booked only with harbor.
  // guestEmail: a guest the acme team booked (no account), consent ticked. refused: chose no news
  // on their account; a later staff booking ticked consent, but their own choice stands.
  const world = {} as Record<"both" | "quiet" | "harborOnly" | "refused", TestUser> & {
    guestEmail: string;
    acmeBookingOfBoth: { id: string; totalMinor: number };
    harborBookings: string[];
    owner: TestUser;
    harborOwner: TestUser;
  };

  beforeAll(async () => {
    const [both, quiet, harborOnly, refused, owner, harborOwner] = await Promise.all([
      bookingUser(acme),
      bookingUser(acme),
      bookingUser(harbor),
      bookingUser(acme),
      syncedMember(db(), "acme", "owner"),
      syncedMember(db(), "harbor", "owner"),
    ]);
    await signWaiverOf(both, harbor);
    await Promise.all([
      newsByEmail(both.uid, true),
      newsByEmail(harborOnly.uid, true),
      newsByEmail(refused.uid, false),
    ]);
    const acmeSlot = await createSlot(db(), acme.serviceId, { capacity: 20 });
    const harborSlot = await createSlot(db(), harbor.serviceId, { capacity: 20 });
    const acmeBookingOfBoth = await confirmedBooking(both, acme, acmeSlot.id, 1);
    const harborBookings = [
      (await confirmedBooking(both, harbor, harborSlot.id, 2)).id,
      (await confirmedBooking(both, harbor, harborSlot.id, 1)).id,
    ];
    await confirmedBooking(quiet, acme, acmeSlot.id, 1);
    await confirmedBooking(harborOnly, harbor, harborSlot.id, 1);
    await confirmedBooking(refused, acme, acmeSlot.id, 1);
    const staffTaken = await confirmedBooking(refused, acme, acmeSlot.id, 1);
    await asStaffBooking(staffTaken.id, owner.uid, refused.email.toLowerCase(), true);
    const guestEmail = `guest-${Date.now().toString(36)}@example.com`;
    const forGuest = await confirmedBooking(quiet, acme, acmeSlot.id, 2);
    await asStaffBooking(forGuest.id, owner.uid, guestEmail.toUpperCase(), true);
    Object.assign(world, {
      both,
      quiet,
      harborOnly,
      refused,
      guestEmail,
      acmeBookingOfBoth,
      harborBookings,
      owner,
      harborOwner,
    });
  });

  it("the list counts only acme's bookings and money; a harbor-only traveller is not acme's customer", async () => {
    const list = await listOf(world.owner.idToken, { limit: "200" });
    expect(list.status).toBe(200);
    const byEmail = new Map((list.body.data.customers as CustomerRow[]).map((row) => [row.email, row]));
    const both = byEmail.get(world.both.email.toLowerCase());
    expect(both?.bookings).toBe(1);
    expect(both?.money).toEqual({ currency: "USD", spentMinor: world.acmeBookingOfBoth.totalMinor });
    expect(both?.marketingConsent).toBe(true);
    expect(byEmail.has(world.harborOnly.email.toLowerCase())).toBe(false);
    // The guest's email lower-cased: a customer without an account.
    const guest = byEmail.get(world.guestEmail.toLowerCase());
    expect(guest?.name).toBe("Grace Hopper");
    expect(guest?.marketingConsent).toBe(true);
    expect(guest?.bookings).toBe(1);
    // The quiet traveller's count leaves out the booking made for the guest.
    expect(byEmail.get(world.quiet.email.toLowerCase())?.bookings).toBe(1);
    expect(byEmail.get(world.quiet.email.toLowerCase())?.marketingConsent).toBe(false);
    // Their own "no news" stands over the team's tick.
    expect(byEmail.get(world.refused.email.toLowerCase())?.bookings).toBe(2);
    expect(byEmail.get(world.refused.email.toLowerCase())?.marketingConsent).toBe(false);

    const harborList = await listOf(world.harborOwner.idToken, { q: world.both.email }, "harbor");
    expect(harborList.body.data.customers[0].bookings).toBe(2);
  });

  it("the CSV holds only the consenting customers of acme, even when asked for the others", async () => {
    for (const query of ["", "&consented=false"]) {
      const [header, ...rows] = await csvOf(world.owner.idToken, query);
      expect(header.join(",")).toBe(
        "email,name,phone,bookings,last_booked_at,last_visit,total_spent,marketing_consent",
      );
      const inCsv = rows.map((row) => row[0]);
      expect(inCsv).toContain(world.both.email.toLowerCase());
      expect(inCsv).toContain(world.guestEmail.toLowerCase());
      expect(inCsv).not.toContain(world.quiet.email.toLowerCase());
      expect(inCsv).not.toContain(world.refused.email.toLowerCase());
      expect(inCsv).not.toContain(world.harborOnly.email.toLowerCase());
      for (const row of rows) expect(row.at(-1)).toBe("yes");
      const bothRow = rows.find((row) => row[0] === world.both.email.toLowerCase());
      expect(bothRow?.[3]).toBe("1");
    }
    const harborCsv = (await csvOf(world.harborOwner.idToken, "", "harbor")).map((row) => row[0]);
    expect(harborCsv).toContain(world.harborOnly.email.toLowerCase());
    expect(harborCsv).not.toContain(world.guestEmail.toLowerCase());
  });

  it("filters by consent and finds by any part of the email or name", async () => {
    const consenting = await listOf(world.owner.idToken, { consented: "true", limit: "200" });
    expect((consenting.body.data.customers as CustomerRow[]).every((row) => row.marketingConsent)).toBe(true);
    expect(emails(consenting.body)).not.toContain(world.quiet.email.toLowerCase());
    expect(emails(await listOf(world.owner.idToken, { q: "grace hop" }).then((r) => r.body))).toContain(
      world.guestEmail.toLowerCase(),
    );
    expect(emails((await listOf(world.owner.idToken, { q: world.quiet.email.toUpperCase() })).body)).toEqual([
      world.quiet.email.toLowerCase(),
    ]);
    expect(emails((await listOf(world.owner.idToken, { q: "%" })).body)).toEqual([]);
  });

  it("pages by cursor in each order without gaps or repeats", async () => {
    for (const sort of ["recent", "email", "spent"]) {
      const all = emails((await listOf(world.owner.idToken, { sort, limit: "200" })).body);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 300; pages++) {
        const page = await listOf(world.owner.idToken, { sort, limit: "2", ...(cursor ? { cursor } : {}) });
        expect(page.status).toBe(200);
        seen.push(...emails(page.body));
        cursor = page.body.data.nextCursor ?? undefined;
        if (!cursor) break;
      }
      expect(seen).toEqual(all);
    }
  });

  it("spent: paid bookings less their refunds; an unpaid one counts nothing; an abandoned checkout is no booking", async () => {
    const traveller = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId);
    const paid = await confirmedBooking(traveller, acme, slot.id, 2);
    const unpaid = await confirmedBooking(traveller, acme, slot.id, 1);
    await db().update(bookings).set({ refundMinor: 500 }).where(eq(bookings.id, paid.id));
    await db().update(bookings).set({ paymentStatus: "owed" }).where(eq(bookings.id, unpaid.id));
    // An abandoned checkout (its hold expired) is no booking.
    const abandoned = await confirmedBooking(traveller, acme, slot.id, 1);
    await db()
      .update(bookings)
      .set({ status: "expired", paymentStatus: "expired" })
      .where(eq(bookings.id, abandoned.id));
    const [row] = (await listOf(world.owner.idToken, { q: traveller.email })).body.data.customers;
    expect(row.bookings).toBe(2);
    expect(row.money?.spentMinor).toBe(paid.totalMinor - 500);
  });

  it("a customer's page: their bookings with acme only, and a note (audited) the team adds", async () => {
    const customerId = customerIdOf(world.both.email);
    const page = await v1.operatorCustomer({ params: { customerId }, ...asMember(world.owner.idToken) });
    expect(page.status).toBe(200);
    const ids = page.body.data.bookings.map((booking: { id: string }) => booking.id);
    expect(ids).toEqual([world.acmeBookingOfBoth.id]);
    for (const id of world.harborBookings) expect(ids).not.toContain(id);

    const added = await v1.operatorAddCustomerNote({
      params: { customerId },
      ...asMember(world.owner.idToken, { body: { body: "  Prefers the morning tours.\nVegetarian. " } }),
    });
    expect(added.status).toBe(201);
    expect(added.body.data.body).toBe("Prefers the morning tours.\nVegetarian.");
    const [stored] = await db().select().from(customerNotes).where(eq(customerNotes.id, added.body.data.id));
    expect(stored.email).toBe(world.both.email.toLowerCase());
    const audited = await auditEntries(db(), "customer.note_added", world.owner.uid);
    expect(audited.map((entry) => entry.target)).toContainEqual({
      email: world.both.email.toLowerCase(),
      noteId: added.body.data.id,
    });
    const again = await v1.operatorCustomer({ params: { customerId }, ...asMember(world.owner.idToken) });
    expect(again.body.data.notes.map((note: { id: string }) => note.id)).toEqual([added.body.data.id]);
    expect(again.body.data.customer.notes).toBe(1);
    // Harbor's team does not see acme's note.
    const atHarbor = await v1.operatorCustomer({
      params: { customerId },
      ...asMember(world.harborOwner.idToken, { account: "harbor" }),
    });
    expect(atHarbor.body.data.notes).toEqual([]);
    expect(atHarbor.body.data.customer.bookings).toBe(2);
  });

  it("another operator's customer is 404 at acme; hostile ids and notes are refused 4xx", async () => {
    const harborOnly = customerIdOf(world.harborOnly.email);
    expectEnvelope(
      await v1.operatorCustomer({ params: { customerId: harborOnly }, ...asMember(world.owner.idToken) }),
      404,
      "customer_not_found",
    );
    expectEnvelope(
      await v1.operatorAddCustomerNote({
        params: { customerId: harborOnly },
        ...asMember(world.owner.idToken, { body: { body: "Sneaky" } }),
      }),
      404,
      "customer_not_found",
    );
    const upper = Buffer.from(world.both.email.toUpperCase()).toString("base64url");
    for (const customerId of [
      "x",
      "not%20base64!!",
      Buffer.from("no-at-sign").toString("base64url"),
      upper,
      "A".repeat(600),
    ]) {
      const answer = await v1.operatorCustomer({ params: { customerId }, ...asMember(world.owner.idToken) });
      expect(answer.status, customerId).toBeGreaterThanOrEqual(400);
      expect(answer.status, customerId).toBeLessThan(500);
    }
    const customerId = customerIdOf(world.both.email);
    for (const body of [
      {},
      { body: "" },
      { body: "   " },
      { body: "x".repeat(2001) },
      { body: 42 },
      { body: "a\u0000b" },
    ]) {
      const answer = await v1.operatorAddCustomerNote({
        params: { customerId },
        ...asMember(world.owner.idToken, { body }),
      });
      expect([400, 422], JSON.stringify(body)).toContain(answer.status);
      expect(answer.body.error.code).toBe("validation_error");
    }
    for (const query of <Record<string, string>[]>[
      { sort: "name" },
      { cursor: "garbage" },
      { limit: "0" },
      { consented: "maybe" },
      { q: "x".repeat(101) },
    ]) {
      expectEnvelope(await listOf(world.owner.idToken, query), 400, "validation_error");
    }
  });
});
