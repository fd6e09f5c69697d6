/**
 * Guides told (issue 42, item 7): the guide of a departure hears of it — assigned, taken off, or
 * the departure cancelled — by email in the operator's branding and a notification in their
 * account, with the departure (local time, its zone named), the meeting point and the guest
 * count. Called inside the transaction of the change, once per guide per change.
 */
import { and, eq, sql } from "drizzle-orm";
import { departureJoins } from "../db/joins";
import type { EmailInput } from "~contract/system/outbox";
import { formatDepartureTime } from "../bookings/format";
import type { Db } from "../db/client";
import { accounts, bookings, experiences, services, slots, users } from "../db/schema";
import { addNotification } from "../notifications/service";
import { localDateOf } from "../schedules/expand";
import { composeEmail, operatorBrand } from "../outbox/email-layout";
import { enqueueEmail } from "../outbox/service";

/** What happened to the guide's departure. */
export type GuideNews = "assigned" | "unassigned" | "cancelled";

interface DepartureFacts {
  id: string;
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  meetingPoint: string;
  experienceTitle: string;
  serviceName: string;
  account: { name: string; logoUrl: string | null; primaryColor: string; inkColor: string };
}

const HEADLINES: Record<GuideNews, (what: string) => { subject: string; title: string; line: string }> = {
  assigned: (what) => ({
    subject: `You are guiding ${what}`,
    title: `Guiding: ${what}`,
    line: "You are now the guide of this departure.",
  }),
  unassigned: (what) => ({
    subject: `You are no longer guiding ${what}`,
    title: `No longer guiding: ${what}`,
    line: "You are no longer the guide of this departure: someone else leads it, or nobody yet.",
  }),
  cancelled: (what) => ({
    subject: `Cancelled: ${what}`,
    title: `Departure cancelled: ${what}`,
    line: "This departure you were to guide is cancelled; its guests have been told and refunded.",
  }),
};

/** The departure's facts and its confirmed guests (seats), read in the caller's transaction. */
async function departureFacts(tx: Db, departureId: string): Promise<{ facts: DepartureFacts; guests: number } | null> {
  const [row] = await departureJoins(
    tx
      .select({
        id: slots.id,
        startsAt: slots.startsAt,
        endsAt: slots.endsAt,
        timezone: experiences.timezone,
        meetingPoint: experiences.meetingPoint,
        experienceTitle: experiences.title,
        serviceName: services.name,
        account: {
          name: accounts.name,
          logoUrl: accounts.logoUrl,
          primaryColor: accounts.primaryColor,
          inkColor: accounts.inkColor,
        },
        guests: sql<number>`(select coalesce(sum(${bookings.seats}), 0)::int from ${bookings}
        where ${bookings.slotId} = ${slots.id} and ${bookings.status} = 'confirmed')`,
      })
      .from(slots)
      .$dynamic(),
  )
    .innerJoin(accounts, eq(accounts.id, experiences.accountId))
    .where(eq(slots.id, departureId));
  if (!row) return null;
  const { guests, ...facts } = row;
  return { facts, guests: Number(guests) };
}

function guideEmail(
  to: string,
  firstName: string | null,
  news: GuideNews,
  facts: DepartureFacts,
  guests: number,
  link: string,
  origin: string,
): EmailInput {
  const what = `${facts.experienceTitle}, ${facts.serviceName}`;
  const headline = HEADLINES[news](what);
  return composeEmail({
    to,
    subject: headline.subject,
    kind: `guide_${news}`,
    brand: operatorBrand(facts.account, origin),
    unsubscribe: null,
    meta: { departureId: facts.id, link, news },
    paragraphs: [
      [firstName ? `Hello ${firstName},` : "Hello,"],
      [headline.line],
      [
        what,
        formatDepartureTime(facts, facts.timezone),
        `Meeting point: ${facts.meetingPoint}`,
        `${news === "cancelled" ? "Guests booked" : "Guests"}: ${guests}`,
      ],
    ],
    action: { label: "Open the day's manifest", href: link },
  });
}

/**
 * Tells one guide (a user id; null: nobody to tell) about their departure: an email to their
 * address (when they have one) and a notification. `guests`: the count to give when the caller
 * knows it better (a cancelled departure's confirmed guests, counted before they were cancelled).
 */
export async function tellGuide(
  tx: Db,
  input: { departureId: string; guideUserId: string | null; news: GuideNews; origin: string; guests?: number },
): Promise<void> {
  if (!input.guideUserId) return;
  const found = await departureFacts(tx, input.departureId);
  if (!found) return;
  const { facts } = found;
  const guests = input.guests ?? found.guests;
  const [guide] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, input.guideUserId)));
  if (!guide) return;
  const path = `/console/manifest?date=${localDateOf(facts.startsAt, facts.timezone)}`;
  const link = new URL(path, input.origin).toString();
  const headline = HEADLINES[input.news](`${facts.experienceTitle}, ${facts.serviceName}`);
  await addNotification(tx, {
    userId: input.guideUserId,
    kind: `guide_${input.news}`,
    title: headline.title,
    body: `${formatDepartureTime(facts, facts.timezone)}. Meeting point: ${facts.meetingPoint}. Guests: ${guests}.`,
    link: path,
  });
  if (guide.email)
    await enqueueEmail(tx, guideEmail(guide.email, guide.firstName, input.news, facts, guests, link, input.origin));
}

/** A departure's guide changed from `before` to `after`: the one taken off and the one put on are told. */
export async function tellGuideChange(
  tx: Db,
  input: { departureId: string; before: string | null; after: string | null; origin: string },
): Promise<void> {
  if (input.before === input.after) return;
  await tellGuide(tx, {
    departureId: input.departureId,
    guideUserId: input.before,
    news: "unassigned",
    origin: input.origin,
  });
  await tellGuide(tx, {
    departureId: input.departureId,
    guideUserId: input.after,
    news: "assigned",
    origin: input.origin,
  });
}
