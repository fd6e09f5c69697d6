import { Hono } from "hono";
import { codeBody, emailBody, nameBody, phoneBody } from "~contract/settings";
import { requireAuth, requireFreshAuth } from "../auth/middleware";
import { dataResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import {
  confirmEmailChange,
  confirmPhoneChange,
  personalInfo,
  requestEmailChange,
  requestPhoneChange,
  updateName,
} from "./settings";

/**
 * The caller's own settings (spec section 7). The uid always comes from the verified token;
 * phone and email changes (sensitive) check the session's revocation on every call.
 */
export const settingsRoutes = new Hono<AppEnv>();

settingsRoutes.get("/user/settings/personal-info", requireAuth, withDb, async (c) =>
  dataResponse(c, await personalInfo(c.get("db"), c.get("identity").uid)),
);
allowOnly(settingsRoutes, "/user/settings/personal-info", ["GET"]);

settingsRoutes.put("/user/settings/name", requireAuth, validate("json", nameBody), withDb, async (c) => {
  await updateName(c.get("db"), c.get("identity").uid, c.req.valid("json"));
  return c.json({ success: true });
});
allowOnly(settingsRoutes, "/user/settings/name", ["PUT"]);

settingsRoutes.put("/user/settings/phone", requireFreshAuth, validate("json", phoneBody), withDb, async (c) => {
  await requestPhoneChange(c.get("db"), c.get("identity").uid, c.req.valid("json").phone);
  return c.json({ success: true });
});
allowOnly(settingsRoutes, "/user/settings/phone", ["PUT"]);

settingsRoutes.put("/user/settings/phone/confirm", requireFreshAuth, validate("json", codeBody), withDb, async (c) => {
  await confirmPhoneChange(c.get("db"), c.get("identity").uid, c.req.valid("json").code);
  return c.json({ success: true });
});
allowOnly(settingsRoutes, "/user/settings/phone/confirm", ["PUT"]);

settingsRoutes.put("/user/settings/email", requireFreshAuth, validate("json", emailBody), withDb, async (c) => {
  await requestEmailChange(c.get("db"), c.get("identity").uid, c.req.valid("json").email);
  return c.json({ success: true });
});
allowOnly(settingsRoutes, "/user/settings/email", ["PUT"]);

settingsRoutes.put("/user/settings/email/confirm", requireFreshAuth, validate("json", codeBody), withDb, async (c) => {
  return dataResponse(c, await confirmEmailChange(c.get("db"), c.get("identity").uid, c.req.valid("json").code));
});
allowOnly(settingsRoutes, "/user/settings/email/confirm", ["PUT"]);
