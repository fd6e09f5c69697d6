import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ACCOUNT_CONTEXT_HEADER } from "~contract/catalog/accounts";
import { authenticate } from "../auth/middleware";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { ApiError, notFound } from "../http/errors";
import type { AppEnv } from "../http/types";
import { requirePlatformAdminSecondFactor } from "../members/second-factor";

/** The answer of a path nobody declared (api/http/on-error.ts onNotFound), word for word. */
const noSuchPath = (c: Context<AppEnv>) => notFound(`No endpoint at ${c.req.method} ${c.req.path}.`);

/**
 * The one guard of the platform admins' endpoints (`auth: "platformAdmin"`, contract/endpoint.ts),
 * run by handle() (api/http/register.ts) as their caller check, before any input is read. The
 * console is the marketplace's: a request on a storefront host (X-Account-Context) is answered
 * 404; so is anyone who is not a signed-in platform admin (no credentials, bad ones, a traveller,
 * an operator's owner): the same 404 as an unknown path, never a 401 or a hint. Whether the caller
 * is an admin is read from the database on every call (not the identity kept between revocation
 * checks), so a revoked admin is out at once. Then the platform admins' rule
 * (api/members/second-factor.ts): without a second factor, 403 `second_factor_required`.
 */
export const requirePlatformAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header(ACCOUNT_CONTEXT_HEADER) !== undefined) throw noSuchPath(c);
  try {
    await authenticate(c, false);
  } catch (error) {
    // 401 (no, bad or revoked credentials) and 403 (a cross-site write, a password to set): nothing here.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw noSuchPath(c);
    throw error;
  }
  const db = await getDb();
  const [row] = await db
    .select({ isPlatformAdmin: users.isPlatformAdmin, secondFactorEnabled: users.secondFactorEnabled })
    .from(users)
    .where(eq(users.id, c.get("identity").uid));
  if (!row?.isPlatformAdmin) throw noSuchPath(c);
  requirePlatformAdminSecondFactor(row);
  await next();
  c.header("Cache-Control", "private, no-store");
});
