/**
 * `npm run admin -- authorized-domains`: the domains the Firebase project must authorize for
 * sign-in on this site, one a line: the app's host (APP_PUBLIC_URL), then each operator's
 * storefront host (STOREFRONT_PUBLIC_URL with its slug), oldest operator first. Firebase takes
 * no wildcard, so each new operator's host is added (docs/deploy.md, "Firebase").
 */
import { asc } from "drizzle-orm";
import { authorizedDomainsFor } from "../auth/sign-in-domains";
import { accounts } from "../db/schema";
import { getApiEnv } from "../env";
import { CommandFailure, withCommandDatabase } from "./database";

export async function authorizedDomainsCommand(): Promise<string> {
  const { APP_PUBLIC_URL, STOREFRONT_PUBLIC_URL } = getApiEnv();
  if (!APP_PUBLIC_URL || !STOREFRONT_PUBLIC_URL)
    throw new CommandFailure("set APP_PUBLIC_URL and STOREFRONT_PUBLIC_URL: the hosts are theirs");
  const slugs = await withCommandDatabase(async ({ db }) =>
    (await db.select({ slug: accounts.slug }).from(accounts).orderBy(asc(accounts.createdAt), asc(accounts.slug))).map(
      (row) => row.slug,
    ),
  );
  return authorizedDomainsFor({ appPublicUrl: APP_PUBLIC_URL, storefrontPublicUrl: STOREFRONT_PUBLIC_URL }, slugs).join(
    "\n",
  );
}
