import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerNotes, notificationPreferences } from "~api/db/schema";
import { customerIdOf } from "~contract/operator/customers";
import * as list from "~/routes/_console.console.customers._index";
import * as csv from "~/routes/_console.console.customers[.]csv";
import * as customer from "~/routes/_console.console.customers.$customerId";
import { bookingUser, bookingWorld, confirmedBooking, createSlot } from "../support/booking";
import { consoleLoad as load, consolePost as post, expectTeamOnly, memberOf } from "../support/console-routes";
import { auditEntries } from "../support/operator";

const { db, acme } = bookingWorld();

/** A traveller with a paid booking of acme's; `consent`: they chose news by email. */
async function customerOf(consent: boolean) {
  const traveller = await bookingUser(acme);
  if (consent)
    await db()
      .insert(notificationPreferences)
      .values({ userId: traveller.uid, category: "news", channel: "email", enabled: true });
  const slot = await createSlot(db(), acme.serviceId);
  const booking = await confirmedBooking(traveller, acme, slot.id, 1);
  return { traveller, booking, email: traveller.email.toLowerCase() };
}

describe("/console/customers", () => {
  it("only owners and managers: signed out to sign in, a stranger 404, a guide 403", async () => {
    await expectTeamOnly("/console/customers", (cookie) => load(list, "/console/customers", cookie));
    const guide = await memberOf(db(), "guide");
    const refused = await load(list, "/console/customers", guide.cookie);
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ refused: "role", ability: "readCustomers", role: "guide" });
    expect((await load(csv, "/console/customers.csv", guide.cookie)).status).toBe(403);
    const customerId = customerIdOf("someone@example.com");
    expect((await load(customer, `/console/customers/${customerId}`, guide.cookie, { customerId })).status).toBe(403);
  });

  it("lists and finds customers; the CSV link exports only the consenting ones", async () => {
    const [yes, no] = await Promise.all([customerOf(true), customerOf(false)]);
    const manager = await memberOf(db(), "manager");
    const found = await load(list, `/console/customers?q=${encodeURIComponent(yes.email)}`, manager.cookie);
    expect(found.status).toBe(200);
    expect(found.data.list.customers).toEqual([
      expect.objectContaining({ email: yes.email, bookings: 1, marketingConsent: true }),
    ]);
    const answer = await load(csv, "/console/customers.csv?consented=false", manager.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(answer.headers.get("content-disposition")).toMatch(/acme-customers-consenting-\d{4}-\d\d-\d\d\.csv/);
    const rows = String(answer.data).trim().split("\r\n").slice(1);
    const emails = rows.map((row) => row.split(",")[0]);
    expect(emails).toContain(yes.email);
    expect(emails).not.toContain(no.email);
    for (const row of rows) expect(row.endsWith(",yes")).toBe(true);
    const refused = await load(list, "/console/customers?sort=nope", manager.cookie);
    expect(refused.status).toBe(200);
    expect(refused.data.refused).toBe(true);
  });

  it("a customer's page: their bookings and notes; the note form posts without JavaScript, audited", async () => {
    const { booking, email } = await customerOf(false);
    const owner = await memberOf(db(), "owner");
    const customerId = customerIdOf(email);
    const path = `/console/customers/${customerId}`;
    const page = await load(customer, path, owner.cookie, { customerId });
    expect(page.status).toBe(200);
    expect(page.data.page.bookings.map((row: { id: string }) => row.id)).toEqual([booking.id]);
    expect(page.data.page.notes).toEqual([]);

    const sent = await post(customer, path, owner.cookie, { body: "Allergic to shellfish." }, { customerId });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(path);
    const stored = await db()
      .select()
      .from(customerNotes)
      .where(and(eq(customerNotes.email, email), eq(customerNotes.authorUserId, owner.user.uid)));
    expect(stored.map((note) => note.body)).toEqual(["Allergic to shellfish."]);
    expect(await auditEntries(db(), "customer.note_added", owner.user.uid)).toHaveLength(1);
    const again = await load(customer, path, owner.cookie, { customerId });
    expect(again.data.page.notes.map((note: { body: string }) => note.body)).toEqual(["Allergic to shellfish."]);

    const empty = await post(customer, path, owner.cookie, { body: "   " }, { customerId });
    expect(empty.status).toBe(400);
    expect(await auditEntries(db(), "customer.note_added", owner.user.uid)).toHaveLength(1);
  });

  it("an id that is no customer of acme's, or no id at all: the 404 page", async () => {
    const owner = await memberOf(db(), "owner");
    for (const customerId of [customerIdOf("never-booked@example.com"), "%%%", "A".repeat(600)]) {
      const page = await load(customer, `/console/customers/${customerId}`, owner.cookie, { customerId });
      expect(page.status, customerId).toBe(404);
    }
    const stranger = customerIdOf("never-booked@example.com");
    const posted = await post(
      customer,
      `/console/customers/${stranger}`,
      owner.cookie,
      { body: "Hi" },
      { customerId: stranger },
    );
    expect(posted.status).toBe(404);
  });
});
