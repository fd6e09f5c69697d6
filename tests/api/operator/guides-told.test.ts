import "../../support/env";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "~api/db/schema";
import { bookingUser, bookingWorld, confirmedBooking, slotInDays } from "../../support/booking";
import { outboxFor } from "../../support/identity";
import { asMember, syncedMember } from "../../support/operator";
import { v1 } from "../../support/client";

const { db, acme } = bookingWorld();

const departure = (days: number, guideUserId: string | null = null) =>
  slotInDays(db(), acme.serviceId, days, { hour: 9, minute: 30, idPrefix: "t-guide", guideUserId });

const assign = (token: string, departureId: string, guideUserId: string | null) =>
  v1.operatorUpdateDeparture({ params: { departureId }, ...asMember(token, { body: { guideUserId } }) });

async function guideMails(email: string, kind: string) {
  return (await outboxFor(email)).filter((message) => message.kind === kind);
}

const notesOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId));

describe("guides told (issue 42, item 7)", () => {
  it("assigned: the guide is emailed in the operator's branding with the departure, meeting point and guests, and notified; once", async () => {
    const [owner, guide, traveller] = await Promise.all([
      syncedMember(db(), "acme", "owner"),
      syncedMember(db(), "acme", "guide"),
      bookingUser(acme),
    ]);
    const slot = await departure(12);
    await confirmedBooking(traveller, acme, slot.id, 3);

    const answer = await assign(owner.idToken, slot.id, guide.uid);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const mails = await guideMails(guide.email, "guide_assigned");
    expect(mails).toHaveLength(1);
    expect(mails[0].senderName).toBe("Acme Adventures");
    expect(mails[0].subject).toContain("You are guiding");
    expect(mails[0].textBody).toContain("9:30");
    expect(mails[0].textBody).toContain("(America/New_York)");
    expect(mails[0].textBody).toMatch(/Meeting point: \S/);
    expect(mails[0].textBody).toContain("Guests: 3");
    expect(mails[0].textBody).toContain("/console/manifest?date=");
    const notes = await notesOf(guide.uid);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: "guide_assigned" });
    expect(notes[0].body).toContain("Guests: 3");
    // The console's home shows it to the guide ("For you"); the owner's home does not.
    const home = await v1.operatorHome(asMember(guide.idToken));
    expect(home.body.data.notices).toEqual([
      expect.objectContaining({ title: notes[0].title, body: notes[0].body, link: notes[0].link }),
    ]);
    expect((await v1.operatorHome(asMember(owner.idToken))).body.data.notices).toEqual([]);

    // The same guide again: nothing changed, nobody told twice.
    expect((await assign(owner.idToken, slot.id, guide.uid)).status).toBe(200);
    expect(await guideMails(guide.email, "guide_assigned")).toHaveLength(1);
    expect(await notesOf(guide.uid)).toHaveLength(1);
  });

  it("changed: the old guide hears they are off it, the new one that they lead it; unassigned: the old one is told", async () => {
    const [manager, first, second] = await Promise.all([
      syncedMember(db(), "acme", "manager"),
      syncedMember(db(), "acme", "guide"),
      syncedMember(db(), "acme", "guide"),
    ]);
    const slot = await departure(13, first.uid);

    expect((await assign(manager.idToken, slot.id, second.uid)).status).toBe(200);
    expect(await guideMails(first.email, "guide_unassigned")).toHaveLength(1);
    expect(await guideMails(second.email, "guide_assigned")).toHaveLength(1);
    expect(await guideMails(first.email, "guide_assigned")).toHaveLength(0);

    expect((await assign(manager.idToken, slot.id, null)).status).toBe(200);
    expect(await guideMails(second.email, "guide_unassigned")).toHaveLength(1);
    expect((await notesOf(second.uid)).map((n) => n.kind).sort()).toEqual(["guide_assigned", "guide_unassigned"]);
  });

  it("cancelled: the guide is told with the guests it had, once (a second cancel tells nobody)", async () => {
    const [owner, guide, traveller] = await Promise.all([
      syncedMember(db(), "acme", "owner"),
      syncedMember(db(), "acme", "guide"),
      bookingUser(acme),
    ]);
    const slot = await departure(14, guide.uid);
    await confirmedBooking(traveller, acme, slot.id, 2);

    const cancel = () => v1.operatorCancelDeparture({ params: { departureId: slot.id }, ...asMember(owner.idToken) });
    expect((await cancel()).status).toBe(200);
    const mails = await guideMails(guide.email, "guide_cancelled");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Cancelled: /);
    expect(mails[0].textBody).toContain("Guests booked: 2");
    expect(await cancel()).toMatchObject({ status: 200 });
    expect(await guideMails(guide.email, "guide_cancelled")).toHaveLength(1);
    expect((await notesOf(guide.uid)).filter((n) => n.kind === "guide_cancelled")).toHaveLength(1);
  });

  it("a refused change tells nobody (the guide not a member: 422)", async () => {
    const [owner, guide, outsider] = await Promise.all([
      syncedMember(db(), "acme", "owner"),
      syncedMember(db(), "acme", "guide"),
      syncedMember(db(), "harbor", "guide"),
    ]);
    const slot = await departure(15, guide.uid);
    expect((await assign(owner.idToken, slot.id, outsider.uid)).status).toBe(422);
    expect(await guideMails(guide.email, "guide_unassigned")).toHaveLength(0);
    expect(await notesOf(outsider.uid)).toHaveLength(0);
  });
});
