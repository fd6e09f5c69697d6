import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { notFound } from "../http/errors";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { devOnly } from "../outbox/routes";
import { findAccountBySlug, toAccountContext } from "./service";
import { setOperatorStatus } from "./status";

export const accountRoutes = new Hono<AppEnv>();

handle(accountRoutes, endpoints.accountContext, async (c, { params: { slug } }) => {
  const scope = c.get("account");
  // In storefront mode only the storefront's own context is visible.
  const account = scope ? (scope.slug === slug ? scope : null) : await findAccountBySlug(c.get("db"), slug);
  if (!account) throw notFound(`No account "${slug}".`, "account_not_found");
  return toAccountContext(account);
});

/**
 * Outside production only: suspends or reinstates an operator as the platform admin's console does
 * (the end-to-end tests; a local look at a suspended storefront). The change is announced.
 */
accountRoutes.use("/dev/operators/*", devOnly());
handle(accountRoutes, endpoints.setDevOperatorStatus, async (c, { params: { slug }, body }) => {
  const account = await findAccountBySlug(c.get("db"), slug);
  const set = account && (await setOperatorStatus(c.get("db"), account.id, body));
  if (!set) throw notFound(`No account "${slug}".`, "account_not_found");
  return { slug: set.after.slug, status: set.after.status };
});
