import { createMiddleware } from "hono/factory";
import { notFound } from "../http/errors";
import type { AppEnv } from "../http/types";
import { ACCOUNT_CONTEXT_HEADER, accountSlug } from "~contract/catalog/accounts";
import { findAccountBySlug } from "./service";

/**
 * Tenant scoping. Without X-Account-Context the request is in public mode (all
 * operators); with a known slug only that operator's data is visible; an unknown or
 * malformed slug is a 404 account_not_found. Needs `withDb` before it.
 */
export const withTenant = createMiddleware<AppEnv>(async (c, next) => {
  c.header("Vary", ACCOUNT_CONTEXT_HEADER, { append: true });
  const header = c.req.header(ACCOUNT_CONTEXT_HEADER);
  if (header === undefined) {
    c.set("account", null);
    return next();
  }
  const slug = header.trim().toLowerCase();
  const account = accountSlug.safeParse(slug).success ? await findAccountBySlug(c.get("db"), slug) : null;
  if (!account) throw notFound(`Unknown account context "${header.slice(0, 64)}".`, "account_not_found");
  c.set("account", account);
  await next();
});
