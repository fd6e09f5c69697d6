import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { randomId } from "../ids";
import type { Db } from "../db/client";
import { notifications, type NotificationRow } from "../db/schema";
import { notFound } from "../http/errors";
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NewNotification,
  type NotificationPage,
  type NotificationView,
} from "~contract/identity/notifications";

const newNotificationId = () => randomId("nt_");

/** Stores a notification (call it inside the transaction that makes the change it announces). */
export async function addNotification(db: Db, input: NewNotification): Promise<void> {
  if (input.userId === null) return;
  await db.insert(notifications).values({
    id: newNotificationId(),
    userId: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link ?? null,
  });
}

function toView({ id, kind, title, body, link, readAt, createdAt }: NotificationRow): NotificationView {
  return { id, kind, title, body, link, readAt: readAt?.toISOString() ?? null, createdAt: createdAt.toISOString() };
}

/** GET /v1/user/notifications: newest first; two queries (the page, and both counts). */
export async function listNotifications(db: Db, userId: string, page: number): Promise<NotificationPage> {
  const pageSize = NOTIFICATIONS_PAGE_SIZE;
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int` })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
  ]);
  const total = Number(counts.total);
  return {
    items: rows.map(toView),
    unread: Number(counts.unread),
    page,
    pageSize,
    total,
    totalPages: Math.ceil(total / pageSize),
  };
}

/** PATCH /v1/user/notifications/{id}/read: the caller's own only (another's is a 404); reading twice is fine. */
export async function markNotificationRead(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, app_now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound("No such notification.", "notification_not_found");
}

/** Unread notifications of a user. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}

/** PATCH /v1/user/notifications/read: every unread notification of the caller is read now. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`app_now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
