import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { unsubscribe, unsubscribeView } from "./service";

export const unsubscribeRoutes = new Hono<AppEnv>();

handle(unsubscribeRoutes, endpoints.unsubscribeLink, async (c, { params }) => {
  c.header("Cache-Control", "private, no-store");
  return unsubscribeView(c.get("db"), params.token);
});

/**
 * The page's button and the mail client's one-click POST (RFC 8058: a form body
 * `List-Unsubscribe=One-Click`, which needs no reading): the signed link is the credential.
 */
handle(unsubscribeRoutes, endpoints.unsubscribe, async (c, { params }) => {
  c.header("Cache-Control", "private, no-store");
  return unsubscribe(c.get("db"), params.token);
});
