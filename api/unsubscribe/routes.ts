import { Hono } from "hono";
import { unsubscribeParams } from "~contract/unsubscribe";
import { dataResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { unsubscribe, unsubscribeView } from "./service";

export const unsubscribeRoutes = new Hono<AppEnv>();

unsubscribeRoutes.get("/unsubscribe/:token", validate("param", unsubscribeParams), withDb, async (c) => {
  c.header("Cache-Control", "private, no-store");
  return dataResponse(c, await unsubscribeView(c.get("db"), c.req.valid("param").token));
});
/**
 * The page's button and the mail client's one-click POST (RFC 8058: a form body
 * `List-Unsubscribe=One-Click`, which needs no reading): the signed link is the credential.
 */
unsubscribeRoutes.post("/unsubscribe/:token", validate("param", unsubscribeParams), withDb, async (c) => {
  c.header("Cache-Control", "private, no-store");
  return dataResponse(c, await unsubscribe(c.get("db"), c.req.valid("param").token));
});
allowOnly(unsubscribeRoutes, "/unsubscribe/:token", ["GET", "POST"]);
