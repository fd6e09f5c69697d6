import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { notFound } from "../http/errors";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { findAccountBySlug, toAccountContext } from "./service";

export const accountRoutes = new Hono<AppEnv>();

handle(accountRoutes, endpoints.accountContext, async (c, { params: { slug } }) => {
  const scope = c.get("account");
  // In storefront mode only the storefront's own context is visible.
  const account = scope ? (scope.slug === slug ? scope : null) : await findAccountBySlug(c.get("db"), slug);
  if (!account) throw notFound(`No account "${slug}".`, "account_not_found");
  return toAccountContext(account);
});
