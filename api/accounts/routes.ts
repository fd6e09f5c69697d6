import { Hono } from "hono";
import { dataResponse } from "../http/envelope";
import { notFound } from "../http/errors";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { accountContextParams } from "~contract/accounts";
import { findAccountBySlug, toAccountContext } from "./service";
import { withTenant } from "./tenant";

export const accountRoutes = new Hono<AppEnv>();

accountRoutes.get("/account-context/:slug", validate("param", accountContextParams), withDb, withTenant, async (c) => {
  const { slug } = c.req.valid("param");
  const scope = c.get("account");
  // In storefront mode only the storefront's own context is visible.
  const account = scope ? (scope.slug === slug ? scope : null) : await findAccountBySlug(c.get("db"), slug);
  if (!account) throw notFound(`No account "${slug}".`, "account_not_found");
  return dataResponse(c, toAccountContext(account));
});
allowOnly(accountRoutes, "/account-context/:slug", ["GET"]);
