import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
} from "~contract/identity/preferences";
import type { Db } from "../db/types";
import { notificationPreferences } from "../db/schema";
import { requireUserRow } from "../users/service";

function withDefaults(rows: Array<{ category: string; channel: string; enabled: boolean }>): NotificationPreferences {
  const chosen = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  for (const row of rows) {
    if ((NOTIFICATION_CATEGORIES as readonly string[]).includes(row.category)) {
      chosen[row.category as NotificationCategory][row.channel as NotificationChannel] = row.enabled;
    }
  }
  return chosen;
}

/** GET /v1/user/notification-preferences: every category and channel, defaults filled in. */
export async function getNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  await requireUserRow(db, userId);
  const rows = await db
    .select({
      category: notificationPreferences.category,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return withDefaults(rows);
}

/** PUT /v1/user/notification-preferences: stores every choice (one statement). */
export async function setNotificationPreferences(
  db: Db,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  await requireUserRow(db, userId);
  const rows = NOTIFICATION_CATEGORIES.flatMap((category) =>
    NOTIFICATION_CHANNELS.map((channel) => ({ userId, category, channel, enabled: preferences[category][channel] })),
  );
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category, notificationPreferences.channel],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`app_now()` },
    });
  return getNotificationPreferences(db, userId);
}

/** What the user chose for this category on this channel, or null when they never chose (the default holds). */
async function storedChoice(
  db: Db,
  userId: string,
  category: NotificationCategory,
  channel: NotificationChannel,
): Promise<boolean | null> {
  const [row] = await db
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        eq(notificationPreferences.category, category),
        eq(notificationPreferences.channel, channel),
      ),
    )
    .limit(1);
  return row ? row.enabled : null;
}

/** Whether a message of this category may go to the guest on this channel (checked at send time). */
export async function wantsMessage(
  db: Db,
  userId: string | null,
  category: NotificationCategory,
  channel: NotificationChannel,
): Promise<boolean> {
  // A guest the team booked for, without an account, chose nothing: service messages only.
  if (userId === null) return category !== "news";
  const stored = await storedChoice(db, userId, category, channel);
  return stored ?? DEFAULT_NOTIFICATION_PREFERENCES[category][channel];
}

/**
 * Whether the guest turned this category off on this channel themselves (a stored choice, not the
 * default): the desk's messages about a booking (meeting point moved, running late) reach a guest
 * by SMS unless they said no, though booking SMS are off by default for what the platform sends.
 */
export async function optedOut(
  db: Db,
  userId: string | null,
  category: NotificationCategory,
  channel: NotificationChannel,
): Promise<boolean> {
  if (userId === null) return category === "news";
  const stored = await storedChoice(db, userId, category, channel);
  return stored === false;
}

/**
 * The same choice as a SQL condition on a user id column, for jobs that pick their recipients in
 * one statement: the stored choice, else the default.
 */
export function wantsMessageSql(userId: SQL, category: NotificationCategory, channel: NotificationChannel): SQL {
  return sql`coalesce((select np.enabled from notification_preferences np
    where np.user_id = ${userId} and np.category = ${category} and np.channel = ${channel}),
    ${DEFAULT_NOTIFICATION_PREFERENCES[category][channel]})`;
}
