import { Hono } from "hono";
import { requireAuth } from "../auth/middleware";
import { dataResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { notificationListQuery, notificationParams } from "~contract/notifications";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "./service";
import { notificationPreferencesBody } from "~contract/preferences";
import { getNotificationPreferences, setNotificationPreferences } from "./preferences";

/** The caller's own notifications (the uid comes from the verified token). */
export const notificationRoutes = new Hono<AppEnv>();

notificationRoutes.get(
  "/user/notifications",
  requireAuth,
  validate("query", notificationListQuery),
  withDb,
  async (c) => dataResponse(c, await listNotifications(c.get("db"), c.get("identity").uid, c.req.valid("query").page)),
);
allowOnly(notificationRoutes, "/user/notifications", ["GET"]);

// Registered before /user/notifications/:id/read (whose method guard would answer for it).
notificationRoutes.patch("/user/notifications/read", requireAuth, withDb, async (c) => {
  await markAllNotificationsRead(c.get("db"), c.get("identity").uid);
  return c.json({ success: true });
});
allowOnly(notificationRoutes, "/user/notifications/read", ["PATCH"]);

notificationRoutes.patch(
  "/user/notifications/:id/read",
  requireAuth,
  validate("param", notificationParams),
  withDb,
  async (c) => {
    await markNotificationRead(c.get("db"), c.get("identity").uid, c.req.valid("param").id);
    return c.json({ success: true });
  },
);
allowOnly(notificationRoutes, "/user/notifications/:id/read", ["PATCH"]);

notificationRoutes.get("/user/notification-preferences", requireAuth, withDb, async (c) =>
  dataResponse(c, await getNotificationPreferences(c.get("db"), c.get("identity").uid)),
);
notificationRoutes.put(
  "/user/notification-preferences",
  requireAuth,
  validate("json", notificationPreferencesBody),
  withDb,
  async (c) =>
    dataResponse(c, await setNotificationPreferences(c.get("db"), c.get("identity").uid, c.req.valid("json"))),
);
allowOnly(notificationRoutes, "/user/notification-preferences", ["GET", "PUT"]);
