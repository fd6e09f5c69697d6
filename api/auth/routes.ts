import { Hono } from "hono";
import { withTenant } from "../accounts/tenant";
import { clientIp, requestOrigin } from "../http/client-info";
import { dataResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { z } from "zod";
import { authEmailBody, createSessionBody, passwordSessionBody, resetPasswordBody } from "~contract/auth";
import { resetPassword } from "./password-reset";
import { passwordSession } from "./password-session";
import { credentialsOf, requireAuth } from "./middleware";
import { createSession, endAllSessions, endThisSession } from "./session";
import { passwordPolicy } from "./password-policy";
import { sendAuthLink, sendPasswordReset, type AuthEmailRequest } from "./service";

export const authRoutes = new Hono<AppEnv>();

authRoutes.get("/auth/password-policy", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return dataResponse(c, passwordPolicy());
});
allowOnly(authRoutes, "/auth/password-policy", ["GET"]);

/** A fresh ID token becomes a session cookie (the web app sets it); the user is synced first. */
authRoutes.post("/auth/session", validate("json", createSessionBody), withDb, withTenant, async (c) => {
  c.header("Cache-Control", "no-store");
  const { idToken, profile } = c.req.valid("json");
  return dataResponse(c, await createSession(c.get("db"), { idToken, profile, account: c.get("account") }));
});
allowOnly(authRoutes, "/auth/session", ["POST"]);

/** The password form posted without JavaScript: limited per account and address, then a session. */
authRoutes.post("/auth/password-session", validate("json", passwordSessionBody), withDb, withTenant, async (c) => {
  c.header("Cache-Control", "no-store");
  const { email, password } = c.req.valid("json");
  return dataResponse(
    c,
    await passwordSession(c.get("db"), { email, password, ip: clientIp(c), account: c.get("account") }),
  );
});
allowOnly(authRoutes, "/auth/password-session", ["POST"]);

/** Sign out on this device: the very session (or ID token) the caller used ends; other devices stay. */
authRoutes.post("/auth/sign-out", requireAuth, withDb, async (c) => {
  await endThisSession(c.get("db"), c.get("identity"), credentialsOf(c.req.raw).token!);
  return c.json({ success: true });
});
allowOnly(authRoutes, "/auth/sign-out", ["POST"]);

/** Sign out on all devices: the caller's refresh tokens are revoked and every session ends. */
authRoutes.post("/auth/sign-out-everywhere", requireAuth, withDb, async (c) => {
  await endAllSessions(c.get("db"), c.get("identity").uid);
  return c.json({ success: true });
});
allowOnly(authRoutes, "/auth/sign-out-everywhere", ["POST"]);

// Built on first use: the policy comes from the API environment.
const resetPasswordSchema = z.lazy(() => resetPasswordBody(passwordPolicy()));

/** The emailed reset link's form: a new password, and every session before it ends. */
authRoutes.post("/auth/password-reset", validate("json", resetPasswordSchema), withDb, async (c) => {
  c.header("Cache-Control", "no-store");
  const { oobCode, password } = c.req.valid("json");
  await resetPassword(c.get("db"), { oobCode, password, ip: clientIp(c) });
  return c.json({ success: true });
});
allowOnly(authRoutes, "/auth/password-reset", ["POST"]);

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
