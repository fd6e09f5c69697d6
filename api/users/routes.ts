import { Hono } from "hono";
import { z } from "zod";
import { requireAuth, requireFreshAuth } from "../auth/middleware";
import { setPasswordBody } from "~contract/auth";
import { passwordPolicy } from "../auth/password-policy";
import { withTenant } from "../accounts/tenant";
import { dataResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { missingDataBody, missingDataQuery, syncBody } from "~contract/users";
import { setPassword } from "./password";
import { missingDataOf, requireUserRow, syncUser, updateMissingData, userInfo } from "./service";

/**
 * The caller's own user row. Every handler takes the uid from the verified token
 * (`c.var.identity`), never from the request.
 */
export const userRoutes = new Hono<AppEnv>();

userRoutes.patch("/user/sync", requireAuth, validate("json", syncBody), withDb, async (c) => {
  await syncUser(c.get("db"), c.get("identity"), c.req.valid("json"));
  return c.json({ success: true });
});
allowOnly(userRoutes, "/user/sync", ["PATCH"]);

userRoutes.get("/user/info", requireAuth, withDb, async (c) =>
  dataResponse(c, await userInfo(c.get("db"), c.get("identity").uid)),
);
allowOnly(userRoutes, "/user/info", ["GET"]);

userRoutes.get("/user/missing-data", requireAuth, validate("query", missingDataQuery), withDb, async (c) => {
  const row = await requireUserRow(c.get("db"), c.get("identity").uid);
  return dataResponse(c, { missingData: missingDataOf(row, c.req.valid("query").exclude) });
});
userRoutes.patch("/user/missing-data", requireAuth, validate("json", missingDataBody), withDb, async (c) => {
  await updateMissingData(c.get("db"), c.get("identity").uid, c.req.valid("json"));
  return c.json({ success: true });
});
allowOnly(userRoutes, "/user/missing-data", ["GET", "PATCH"]);

// Built on first use: the policy comes from the API environment.
const setPasswordSchema = z.lazy(() => setPasswordBody(passwordPolicy()));

userRoutes.patch(
  "/user/set-password",
  requireFreshAuth,
  validate("json", setPasswordSchema),
  withDb,
  withTenant,
  async (c) => {
    const { uid } = c.get("identity");
    return dataResponse(c, await setPassword(c.get("db"), uid, c.req.valid("json").password, c.get("account")));
  },
);
allowOnly(userRoutes, "/user/set-password", ["PATCH"]);
