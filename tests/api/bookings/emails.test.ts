import "../../support/env";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, experiences } from "~api/db/schema";
import { formatMomentIn } from "~api/bookings/format";
import { bookingUser, bookingWorld, confirmedBooking, createSlot } from "../../support/booking";
import { outboxFor, type TestUser } from "../../support/identity";

/** What the booking confirmation tells beyond the booking (issue 39 item 15): terms, contact, what is included. */
const { db, acme } = bookingWorld();

async function confirmation(guest: TestUser) {
  const mails = (await outboxFor(guest.email)).filter((message) => message.kind === "booking_confirmed");
  expect(mails).toHaveLength(1);
  const mail = mails[0] as { textBody: string; htmlBody: string };
  // The HTML escapes what React escapes; read as text for the comparison.
  return [mail.textBody, mail.htmlBody.replaceAll("&#x27;", "'").replaceAll("&amp;", "&")];
}

describe("the booking confirmation email", () => {
  it("says until when it cancels for free (the experience's zone named), how to reach the operator and what is included", async () => {
    const guest = await bookingUser(acme);
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 240 });
    await confirmedBooking(guest, acme, slot.id, 1);
    const [experience] = await db().select().from(experiences).where(eq(experiences.id, acme.experienceId));
    const [operator] = await db().select().from(accounts).where(eq(accounts.id, acme.accountId));
    expect(experience.included.length).toBeGreaterThan(0);
    expect(operator.contactEmail && operator.contactPhone).toBeTruthy();
    const deadline = new Date(slot.startsAt.getTime() - acme.cutoffHours * 3_600_000);
    expect(formatMomentIn(deadline, acme.timezone)).toContain(`(${acme.timezone})`);
    for (const body of await confirmation(guest)) {
      expect(body).toContain(`Free cancellation until ${formatMomentIn(deadline, acme.timezone)}`);
      expect(body).toContain(`Questions? Contact ${operator.name}:`);
      expect(body).toContain(`Email: ${operator.contactEmail}`);
      expect(body).toContain(`Phone: ${operator.contactPhone}`);
      expect(body).toContain("What's included:");
      for (const line of experience.included) expect(body).toContain(line);
    }
  });

  it("within the cutoff: says it is non-refundable; without the operator's contact: no contact lines", async () => {
    const [operator] = await db().select().from(accounts).where(eq(accounts.id, acme.accountId));
    await db().update(accounts).set({ contactEmail: null, contactPhone: null }).where(eq(accounts.id, acme.accountId));
    try {
      const guest = await bookingUser(acme);
      const slot = await createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours / 2 });
      await confirmedBooking(guest, acme, slot.id, 1);
      for (const body of await confirmation(guest)) {
        expect(body).toContain("Non-refundable:");
        expect(body).not.toContain("Free cancellation until");
        expect(body).not.toContain("Questions? Contact");
      }
    } finally {
      await db()
        .update(accounts)
        .set({ contactEmail: operator.contactEmail, contactPhone: operator.contactPhone })
        .where(eq(accounts.id, acme.accountId));
    }
  });
});
