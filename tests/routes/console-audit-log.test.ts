import { describe, expect, it } from "vitest";
import { writeAudit, type Actor } from "~api/audit/log";
import { auditLog } from "~api/db/schema";
import { AUDIT_ACTIONS, type AuditAction, type AuditTarget } from "~contract/operator/audit-actions";
import { AUDIT_VARIANTS } from "~/features/console/audit-sentence";
import * as audit from "~/routes/_console.console.audit-log";
import { bookingUser, bookingWorld, confirmedBooking, createSlot } from "../support/booking";
import { addTeamMember, accountIdOf } from "../support/operator";
import { consoleLoad as load } from "../support/console-routes";
import { signedInUser } from "../support/routes";

const { db, acme } = bookingWorld();

type Entry = {
  action: string;
  target: Record<string, string | null>;
  actor: { id: string | null; name: string | null };
  about: Record<string, string | null>;
  sentence: string;
  record: string;
};

/** A team of acme's with a name: the actor of the rows the tests write. */
async function namedMember(firstName: string, lastName: string, role: "owner" | "guide") {
  const signedIn = await signedInUser({ firstName, lastName });
  await addTeamMember(db(), "acme", signedIn.user.uid, role);
  return signedIn;
}

/** Every page of the log (50 entries a page), newest first: the entries `actorId` wrote. */
const entriesOf = async (cookie: string, actorId: string): Promise<Entry[]> => {
  const items: Entry[] = [];
  for (let number = 1, pages = 1; number <= pages; number++) {
    const page = await load(audit, `/console/audit-log?page=${number}`, cookie);
    expect(page.status).toBe(200);
    items.push(...(page.data.log.items as Entry[]));
    pages = page.data.log.totalPages as number;
  }
  return items.filter((entry) => entry.actor.id === actorId);
};

describe("/console/audit-log in words", () => {
  it("every action the API records reads as its own sentence, every placeholder filled with names, references and formatted amounts", async () => {
    const owner = await namedMember("Ana", "Ruiz", "owner");
    const guide = await namedMember("Bea", "Lopez", "guide");
    const slot = await createSlot(db(), acme.serviceId);
    const booking = await confirmedBooking(await bookingUser(acme), acme, slot.id, 1);
    const actor: Actor = {
      accountId: await accountIdOf(db(), "acme"),
      userId: owner.user.uid,
      email: owner.user.email,
      clientAddress: "10.0.0.1",
    };
    const figures = JSON.stringify({ name: "Sunset tour", durationMinutes: 90, capacity: 12, sortOrder: 0 });
    const prices = JSON.stringify([{ code: "adult", name: "Adult", priceMinor: 2500 }]);
    // What a record's keys hold: the ids of real rows (resolved to names when read), figures as written.
    const samples: Record<string, string> = {
      bookingId: booking.id,
      experienceId: acme.experienceId,
      serviceId: acme.serviceId,
      departureId: slot.id,
      startsAt: slot.startsAt.toISOString(),
      userId: guide.user.uid,
      guideUserId: guide.user.uid,
      email: guide.user.email,
      role: "guide",
      from: "guide",
      to: "manager",
      amountMinor: "4000",
      currency: "USD",
      reason: "The boat was late",
      releaseSeats: "false",
      guests: "1,2",
      via: "list",
      fields: "title,meetingPoint",
      capacity: "10 → 12",
      status: "open → closed",
      requireCheckIn: "true",
      rescheduleRefunds: "true",
      name: "Acme Adventures",
      primaryColor: "#1d4ed8",
      title: "Kayak at dawn",
      alt: "A kayak on the bay",
      timezone: "America/New_York",
      toDepartureId: slot.id,
      toStartsAt: new Date(slot.startsAt.getTime() + 86_400_000).toISOString(),
      difference: "waive",
      guestEmail: "rosa@example.com",
      seats: "2",
      payment: "cash",
      priceReason: "Repeat guest",
      allowClosed: "true",
      guidesMayBook: "true",
      requireTwoStep: "true",
    };
    const sample = (action: AuditAction): AuditTarget<AuditAction> => {
      const keys: readonly string[] = AUDIT_ACTIONS[action];
      return Object.fromEntries(
        keys
          .map((key) => key.replace("?", ""))
          .map((key) => {
            if (action === "experience.timezone_set" && (key === "before" || key === "after"))
              return [key, key === "before" ? "America/New_York" : "America/Denver"];
            if (key === "before" || key === "after") return [key, action === "ticket_types.set" ? prices : figures];
            if (key === "capacity" && action === "departure.created") return [key, "12"];
            return [key, samples[key] ?? "3"];
          }),
      ) as AuditTarget<AuditAction>;
    };
    const actions = Object.keys(AUDIT_ACTIONS) as AuditAction[];
    // Each action once as sampled, and once more for each other sentence its record can call for.
    const written: Array<{ action: AuditAction; target: AuditTarget<AuditAction> }> = actions.map((action) => ({
      action,
      target: sample(action),
    }));
    const others: Record<string, Record<string, string | null>> = {
      "booking.refunded": { releaseSeats: "true" },
      "booking.checked_in": { via: "code" },
      "booking.moved": { difference: "charge" },
      "departure.guide_assigned": { guideUserId: null },
      "check_in.settings_updated": { requireCheckIn: "false" },
      "reschedule.settings_updated": { rescheduleRefunds: "false" },
      "cancellation_policy.updated": { cancellationCutoffHours: "0" },
      "booking.created_by_staff": { payment: "comp" },
      "booking.marked_paid": { amountMinor: null },
      "booking_settings.updated": { guidesMayBook: "false" },
      "two_step.settings_updated": { requireTwoStep: "false" },
      "payout_schedule.updated": { interval: "weekly" },
    };
    expect(Object.keys(others).sort()).toEqual(Object.keys(AUDIT_VARIANTS).sort());
    for (const [action, change] of Object.entries(others))
      written.push({ action: action as AuditAction, target: { ...sample(action as AuditAction), ...change } });
    for (const row of written) await writeAudit(db(), actor, row.action, row.target);

    const entries = await entriesOf(owner.cookie, owner.user.uid);
    expect(entries).toHaveLength(written.length);
    const ids = [booking.id, slot.id, acme.experienceId, acme.serviceId, guide.user.uid];
    const sentences = new Set<string>();
    for (const entry of entries) {
      const { sentence } = entry;
      expect(sentence, entry.action).toMatch(/^Ana Ruiz /);
      expect(sentence, entry.action).not.toMatch(/\{\{|\}\}|made a change/);
      expect(sentence, entry.action).not.toContain(entry.action);
      expect(sentence, entry.action).not.toMatch(/[{}[\]]/); // no raw JSON
      for (const id of ids) expect(sentence, entry.action).not.toContain(id);
      sentences.add(sentence);
      // The record as stored stays behind the toggle.
      expect(JSON.parse(entry.record)).toMatchObject({ action: entry.action, target: entry.target });
    }
    expect(sentences.size).toBe(written.length);

    const said = (action: string) => entries.filter((entry) => entry.action === action).map((e) => e.sentence);
    expect(said("booking.refunded")).toContain(
      `Ana Ruiz refunded $40.00 of ${booking.reference}, reason: The boat was late`,
    );
    expect(said("booking.checked_in")).toContain(`Ana Ruiz checked in guests 1, 2 of ${booking.reference}`);
    expect(said("departure.guide_assigned")[1]).toMatch(
      new RegExp(`^Ana Ruiz made Bea Lopez the guide of “${acme.serviceName}” on .+ (EST|EDT)$`),
    );
    expect(said("ticket_types.set")).toEqual([
      `Ana Ruiz set the prices of “${acme.serviceName}” to Adult $25.00 (were: Adult $25.00)`,
    ]);
    expect(said("member.role_changed")).toEqual([
      `Ana Ruiz changed Bea Lopez (${guide.user.email}) from Guide to Manager`,
    ]);
    expect(said("experience.updated")).toEqual([
      `Ana Ruiz changed the title, meeting point of “${acme.experienceTitle}”`,
    ]);
  });

  it("an action the console does not know yet, an older record and a member since deleted still read in words", async () => {
    const owner = await namedMember("Ana", "Ruiz", "owner");
    const accountId = await accountIdOf(db(), "acme");
    const row = { accountId, actorId: owner.user.uid, actorEmail: owner.user.email, clientAddress: "10.0.0.2" };
    await db()
      .insert(auditLog)
      .values([
        { ...row, at: new Date(Date.now() - 3000), action: "gift_card.voided", target: { giftCardId: "gc_123" } },
        // An older price list (cents in text): its figures cannot be said, so the general sentence.
        {
          ...row,
          at: new Date(Date.now() - 2000),
          action: "ticket_types.set",
          target: { serviceId: acme.serviceId, before: "adult 2500 USD", after: "adult 3000 USD" },
        },
        {
          ...row,
          at: new Date(Date.now() - 1000),
          action: "booking.check_in_reset",
          target: { bookingId: "bk_0000000000000000", guest: "all", status: "reset" },
        },
      ]);
    const entries = await entriesOf(owner.cookie, owner.user.uid);
    expect(entries.map((entry) => entry.sentence)).toEqual([
      expect.stringMatching(/^Ana Ruiz undid the check-in of all guests of WF-/),
      "Ana Ruiz made a change (ticket types set)",
      "Ana Ruiz made a change (gift card voided)",
    ]);

    await db()
      .insert(auditLog)
      .values({ ...row, actorId: null, action: "experience.published", target: { experienceId: acme.experienceId } });
    const page = await load(audit, "/console/audit-log", owner.cookie);
    const former = (page.data.log.items as Entry[]).find(
      (entry) => entry.actor.id === null && entry.action === "experience.published",
    );
    // No name for who acted any more: the email kept with the row.
    expect(former?.sentence).toBe(`${owner.user.email} published “${acme.experienceTitle}”`);
  });
});
