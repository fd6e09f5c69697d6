import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { getNotificationPreferences, setNotificationPreferences } from "./preferences";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "./service";

/** The caller's own notifications (the uid comes from the verified token). */
export const notificationRoutes = new Hono<AppEnv>();

handle(notificationRoutes, endpoints.notifications, async (c, { query }) =>
  listNotifications(c.get("db"), c.get("identity").uid, query.page),
);

// Registered before /user/notifications/:id/read (whose 405 would answer for it).
handle(notificationRoutes, endpoints.markAllNotificationsRead, async (c) => {
  await markAllNotificationsRead(c.get("db"), c.get("identity").uid);
});

handle(notificationRoutes, endpoints.markNotificationRead, async (c, { params }) => {
  await markNotificationRead(c.get("db"), c.get("identity").uid, params.id);
});

handle(notificationRoutes, endpoints.notificationPreferences, async (c) =>
  getNotificationPreferences(c.get("db"), c.get("identity").uid),
);

handle(notificationRoutes, endpoints.setNotificationPreferences, async (c, { body }) =>
  setNotificationPreferences(c.get("db"), c.get("identity").uid, body),
);
