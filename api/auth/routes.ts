import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { resetPasswordBody } from "~contract/identity/auth";
import { clientIp, requestOrigin } from "../http/client-info";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { parseInput } from "../http/validate";
import { resetPassword } from "./password-reset";
import { passwordSession } from "./password-session";
import { credentialsOf } from "./middleware";
import { createSession, endAllSessions, endThisSession } from "./session";
import { passwordPolicy } from "./password-policy";
import { sendAuthLink, sendPasswordReset } from "./service";

export const authRoutes = new Hono<AppEnv>();

handle(authRoutes, endpoints.passwordPolicy, { db: false }, (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return passwordPolicy();
});

/** A fresh ID token becomes a session cookie (the web app sets it); the user is synced first. */
handle(authRoutes, endpoints.createSession, async (c, { body: { idToken, profile } }) => {
  c.header("Cache-Control", "no-store");
  return createSession(c.get("db"), { idToken, profile, account: c.get("account") });
});

/** The password form posted without JavaScript: limited per account and address, then a session. */
handle(authRoutes, endpoints.passwordSession, async (c, { body: { email, password } }) => {
  c.header("Cache-Control", "no-store");
  return passwordSession(c.get("db"), { email, password, ip: clientIp(c), account: c.get("account") });
});

/** Sign out on this device: the very session (or ID token) the caller used ends; other devices stay. */
handle(authRoutes, endpoints.signOut, async (c) => {
  await endThisSession(c.get("db"), c.get("identity"), credentialsOf(c.req.raw).token!);
});

/** Sign out on all devices: the caller's refresh tokens are revoked and every session ends. */
handle(authRoutes, endpoints.signOutEverywhere, async (c) => {
  await endAllSessions(c.get("db"), c.get("identity").uid);
});

/** The emailed reset link's form: a new password (held to the policy), and every session before it ends. */
handle(authRoutes, endpoints.resetPassword, async (c, { body }) => {
  c.header("Cache-Control", "no-store");
  const { oobCode, password } = parseInput(resetPasswordBody(passwordPolicy()), body);
  await resetPassword(c.get("db"), { oobCode, password, ip: clientIp(c) });
});

handle(authRoutes, endpoints.sendAuthLink, async (c, { body: { email, continueUrl } }) => {
  const origin = requestOrigin(c);
  await sendAuthLink(c.get("db"), { email, continueUrl, origin, ip: clientIp(c), account: c.get("account") });
});

handle(authRoutes, endpoints.sendPasswordReset, async (c, { body: { email, continueUrl } }) => {
  const origin = requestOrigin(c);
  await sendPasswordReset(c.get("db"), { email, continueUrl, origin, ip: clientIp(c), account: c.get("account") });
});
