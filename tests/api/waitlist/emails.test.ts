import "../../support/env";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { slots } from "~api/db/schema";
import { formatDepartureTime } from "~api/bookings/format";
import { bookingUser, bookingWorld, createSlot } from "../../support/booking";
import { outboxFor, type TestUser } from "../../support/identity";
import { v1 } from "../../support/client";

/** The waitlist tells the traveller by email (issue 39 item 9): joined, offer expired, the line closed. */
const { db, acme } = bookingWorld();

const OFFER_HOURS = 12; // WAITLIST_OFFER_HOURS' default

const move = async (minutes: number) => {
  const moved = await v1.moveDevClock({ body: { advanceMinutes: minutes } });
  expect(moved.status).toBe(200);
};
const join = async (user: TestUser, slotId: string, seats: number) => {
  const joined = await v1.joinWaitlist({ token: user.idToken, body: { serviceId: acme.serviceId, slotId, seats } });
  expect(joined.status).toBe(201);
  return joined.body.data.id as string;
};

interface Mail {
  kind: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}
async function mailsOf(user: TestUser, kind: string): Promise<Mail[]> {
  return (await outboxFor(user.email)).filter((message: Mail) => message.kind === kind);
}
/** The one email of `kind`, in its text and HTML (read as text). */
async function oneMail(user: TestUser, kind: string) {
  const mails = await mailsOf(user, kind);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  return { subject: mail.subject, bodies: [mail.textBody, mail.htmlBody.replaceAll("&#x27;", "'")] };
}

/** Every waitlist email names the departure: experience, option, time in the experience's zone (named), party. */
async function expectNamed(bodies: string[], slotId: string, seats: number) {
  const [slot] = await db().select().from(slots).where(eq(slots.id, slotId));
  for (const body of bodies) {
    expect(body).toContain(`${acme.experienceTitle} — ${acme.serviceName}`);
    expect(body).toContain(`When: ${formatDepartureTime(slot, acme.timezone)}`);
    expect(body).toContain(`(${acme.timezone})`);
    expect(body).toContain(`Party: ${seats === 1 ? "1 seat" : `${seats} seats`}`);
  }
}

describe("the waitlist's emails", () => {
  it("joining: a confirmation naming the departure, the party and the place in line", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0 });
    const [first, second] = [await bookingUser(acme), await bookingUser(acme)];
    await join(first, slot.id, 1);
    await join(second, slot.id, 2);
    const mail = await oneMail(second, "waitlist_joined");
    expect(mail.subject).toBe(`You are on the waitlist: ${acme.experienceTitle}`);
    await expectNamed(mail.bodies, slot.id, 2);
    for (const body of mail.bodies) {
      expect(body).toContain("You are number 2 in line.");
      expect(body).toContain("/account/waitlist");
    }
  });

  it("an offer that runs out: the offer names its deadline with the zone; expired, the seats went to the next in line", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0 });
    const [first, second] = [await bookingUser(acme), await bookingUser(acme)];
    await join(first, slot.id, 1);
    await join(second, slot.id, 1);
    await db().update(slots).set({ capacity: 3 }).where(eq(slots.id, slot.id));
    await move(1);
    const offer = await oneMail(first, "waitlist_offer");
    await expectNamed(offer.bodies, slot.id, 1);
    for (const body of offer.bodies) expect(body).toMatch(/held for you until .+ \(America\/New_York\)\./);

    await move(OFFER_HOURS * 60 + 1);
    const expired = await oneMail(first, "waitlist_offer_expired");
    expect(expired.subject).toBe(`Your waitlist offer expired: ${acme.experienceTitle}`);
    await expectNamed(expired.bodies, slot.id, 1);
    for (const body of expired.bodies) {
      expect(body).toContain("the offer has expired and its link no longer works");
      expect(body).toContain("The seats went to the next person in line.");
    }
    // The next in line got them (and their offer).
    expect(await mailsOf(second, "waitlist_offer")).toHaveLength(1);
  });

  it("the line closes when the departure starts: a party still waiting is told the seats went to others", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 2, seatsLeft: 0, startsInHours: 48 });
    const [small, large] = [await bookingUser(acme), await bookingUser(acme)];
    await join(large, slot.id, 3);
    await join(small, slot.id, 1);
    // One seat frees: the large party does not fit, the small one is offered it.
    await db().update(slots).set({ capacity: 3 }).where(eq(slots.id, slot.id));
    await move(1);
    expect(await mailsOf(small, "waitlist_offer")).toHaveLength(1);
    // The departure starts: the large party's place closes.
    await db()
      .update(slots)
      .set({ startsAt: sql`app_now() - interval '5 minutes'`, endsAt: sql`app_now() + interval '1 hour'` })
      .where(eq(slots.id, slot.id));
    await move(1);
    const closed = await oneMail(large, "waitlist_closed");
    expect(closed.subject).toBe(`Waitlist closed: ${acme.experienceTitle}`);
    await expectNamed(closed.bodies, slot.id, 3);
    for (const body of closed.bodies)
      expect(body).toContain("Seats did come free, but they went to people ahead of you in line");
  });
});
