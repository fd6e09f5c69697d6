import { z } from "zod";
import { said } from "../fields";
import { pageParam } from "../query";
import type * as out from "../outputs";

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationListQuery = z.object({
  page: pageParam,
});

export const notificationParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, said("notificationId.invalid")),
});

export type NotificationView = z.infer<typeof out.notificationView>;

export type NotificationPage = z.infer<typeof out.notificationPage>;

export interface NewNotification {
  /** The account holder; null (a guest the team booked for, without an account): nothing is stored. */
  userId: string | null;
  kind: string;
  title: string;
  body: string;
  link?: string | null;
}
