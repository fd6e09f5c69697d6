import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from "~contract/identity/preference-values";
import type { UnsubscribeView } from "~contract/identity/unsubscribe";
import type { Db } from "../db/client";
import { notificationPreferences, users } from "../db/schema";
import { messageLinkSecret } from "../env";
import { notFound } from "../http/errors";
import { wantsMessage } from "../notifications/preferences";
import type { UnsubscribeLinks } from "../outbox/email-parts";

/**
 * One-click unsubscribe for messages that are not transactional (reminders, tips, referrals,
 * news): the link names the user and the category and is signed (HMAC-SHA256), so it needs no
 * sign-in and cannot be forged for someone else. Booking confirmations and security emails have
 * none: they are sent whatever the settings.
 */
const UNSUBSCRIBABLE: ReadonlySet<NotificationCategory> = new Set(["reminders", "tips", "referrals", "news"]);

function signature(userId: string, category: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`unsubscribe:${userId}:${category}`).digest().subarray(0, 16);
}

export function unsubscribeToken(userId: string, category: NotificationCategory, secret = messageLinkSecret): string {
  const payload = Buffer.from(`${userId}:${category}`).toString("base64url");
  return `${payload}.${signature(userId, category, secret).toString("base64url")}`;
}

/** The path of a message's unsubscribe link (on the web) and of its one-click POST (the API). */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/** The unsubscribe links of a message that is not transactional, for the email layout. */
export function unsubscribeLinks(userId: string, category: NotificationCategory, origin: string): UnsubscribeLinks {
  const token = unsubscribeToken(userId, category);
  return {
    page: new URL(unsubscribePath(token), origin).toString(),
    oneClick: new URL(`/v1${unsubscribePath(token)}`, origin).toString(),
  };
}

function readToken(token: string, secret = messageLinkSecret): { userId: string; category: NotificationCategory } {
  const invalid = () => notFound("This unsubscribe link is not valid.", "unsubscribe_link_invalid");
  const [payload, signed, extra] = token.split(".");
  if (!payload || !signed || extra !== undefined || token.length > 300) throw invalid();
  const [userId, category, rest] = Buffer.from(payload, "base64url").toString("utf8").split(":");
  if (!userId || !category || rest !== undefined) throw invalid();
  if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) throw invalid();
  if (!UNSUBSCRIBABLE.has(category as NotificationCategory)) throw invalid();
  const expected = signature(userId, category, secret);
  const given = Buffer.from(signed, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  return { userId, category: category as NotificationCategory };
}

async function emailOf(db: Db, userId: string): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("This unsubscribe link is not valid.", "unsubscribe_link_invalid");
  return user.email ?? "";
}

/** "a•••@example.com": enough to recognise one's own address, not to learn someone's. */
function masked(email: string): string {
  const [name, domain] = email.split("@");
  return domain ? `${name.slice(0, 1)}•••@${domain}` : "";
}

/** GET /v1/unsubscribe/{token}: what the link would stop. */
export async function unsubscribeView(db: Db, token: string): Promise<UnsubscribeView> {
  const { userId, category } = readToken(token);
  const email = await emailOf(db, userId);
  return { category, email: masked(email), subscribed: await wantsMessage(db, userId, category, "email") };
}

/** POST /v1/unsubscribe/{token} (also the mail client's one-click POST): emails of that category stop. */
export async function unsubscribe(db: Db, token: string): Promise<UnsubscribeView> {
  const { userId, category } = readToken(token);
  const email = await emailOf(db, userId);
  await db
    .insert(notificationPreferences)
    .values({ userId, category, channel: "email", enabled: false })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category, notificationPreferences.channel],
      set: { enabled: false, updatedAt: sql`app_now()` },
    });
  return { category, email: masked(email), subscribed: false };
}
