import { z } from "zod";
import { pageParam } from "./query";

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationListQuery = z.object({
  page: pageParam,
});

export const notificationParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a valid notification id."),
});

export interface NotificationView {
  id: string;
  kind: string;
  title: string;
  body: string;
  /** A path in the web app, or null. */
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationPage {
  items: NotificationView[];
  /** Unread notifications in total (not only on this page). */
  unread: number;
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export interface NewNotification {
  userId: string;
  kind: string;
  title: string;
  body: string;
  link?: string | null;
}
