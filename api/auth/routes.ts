import { Hono } from "hono";
import { withTenant } from "../accounts/tenant";
import { clientIp, requestOrigin } from "../http/client-info";
import { dataResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { authEmailBody, passwordPolicy } from "./schema";
import { sendAuthLink, sendPasswordReset, type AuthEmailRequest } from "./service";

export const authRoutes = new Hono<AppEnv>();

authRoutes.get("/auth/password-policy", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return dataResponse(c, passwordPolicy());
});
allowOnly(authRoutes, "/auth/password-policy", ["GET"]);

authRoutes.post("/send-auth-link", validate("json", authEmailBody), withDb, withTenant, async (c) => {
  const { email, continueUrl } = c.req.valid("json");
  const request: AuthEmailRequest = {
    email,
    continueUrl,
    origin: requestOrigin(c),
    ip: clientIp(c),
    account: c.get("account"),
  };
  await sendAuthLink(c.get("db"), request);
  return c.json({ success: true });
});
allowOnly(authRoutes, "/send-auth-link", ["POST"]);

authRoutes.post("/send-password-reset", validate("json", authEmailBody), withDb, withTenant, async (c) => {
  const { email, continueUrl } = c.req.valid("json");
  const request: AuthEmailRequest = {
    email,
    continueUrl,
    origin: requestOrigin(c),
    ip: clientIp(c),
    account: c.get("account"),
  };
  await sendPasswordReset(c.get("db"), request);
  return c.json({ success: true });
});
allowOnly(authRoutes, "/send-password-reset", ["POST"]);
