import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { setPasswordBody } from "~contract/identity/auth";
import { credentialsOf } from "../auth/middleware";
import { passwordPolicy } from "../auth/password-policy";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { parseInput } from "../http/validate";
import { setPassword } from "./password";
import { missingDataOf, requireUserRow, syncUser, updateMissingData, userInfo } from "./service";

/**
 * The caller's own user row. Every handler takes the uid from the verified token
 * (`c.var.identity`), never from the request.
 */
export const userRoutes = new Hono<AppEnv>();

handle(userRoutes, endpoints.syncUser, async (c, { body }) => {
  await syncUser(c.get("db"), c.get("identity"), body);
});

handle(userRoutes, endpoints.userInfo, async (c) => userInfo(c.get("db"), c.get("identity")));

handle(userRoutes, endpoints.missingData, async (c, { query }) => {
  const row = await requireUserRow(c.get("db"), c.get("identity").uid);
  return { missingData: missingDataOf(row, query.exclude) };
});

handle(userRoutes, endpoints.updateMissingData, async (c, { body }) => {
  await updateMissingData(c.get("db"), c.get("identity").uid, body);
});

/** The new password is held to the policy of the API's environment. */
handle(userRoutes, endpoints.setPassword, async (c, { body }) => {
  const { password } = parseInput(setPasswordBody(passwordPolicy()), body);
  return setPassword(c.get("db"), c.get("identity").uid, password, c.get("account"), credentialsOf(c.req.raw).token);
});
