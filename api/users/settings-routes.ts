import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { credentialsOf } from "../auth/middleware";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
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
 * phone and email changes (sensitive) check the session's revocation on every call (freshUser).
 */
export const settingsRoutes = new Hono<AppEnv>();

handle(settingsRoutes, endpoints.personalInfo, async (c) => personalInfo(c.get("db"), c.get("identity").uid));

handle(settingsRoutes, endpoints.updateName, async (c, { body }) => {
  await updateName(c.get("db"), c.get("identity").uid, body);
});

handle(settingsRoutes, endpoints.changePhone, async (c, { body }) => {
  await requestPhoneChange(c.get("db"), c.get("identity").uid, body.phone);
});

handle(settingsRoutes, endpoints.confirmPhone, async (c, { body }) => {
  await confirmPhoneChange(c.get("db"), c.get("identity").uid, body.code);
});

handle(settingsRoutes, endpoints.changeEmail, async (c, { body }) => {
  await requestEmailChange(c.get("db"), c.get("identity").uid, body.email);
});

handle(settingsRoutes, endpoints.confirmEmail, async (c, { body }) =>
  confirmEmailChange(c.get("db"), c.get("identity").uid, body.code, credentialsOf(c.req.raw).token),
);
