/**
 * Whether the configured public addresses can sign anyone in, said once at start (api/start.ts)
 * as warnings, never as a refusal: a site that cannot sign in still sells to guests. In
 * production the session cookie is Secure, so browsers keep it only over https; a storefront is
 * told apart by its host's first label (`{slug}.app.example.com`); and Firebase authorizes
 * sign-in per domain, without wildcards, so the app's domain and each storefront host are listed
 * in the project's authorized domains (docs/deploy.md, "Firebase").
 */
export interface PublicAddresses {
  production: boolean;
  /** APP_PUBLIC_URL: the web's origin. */
  appPublicUrl?: string;
  /** STOREFRONT_PUBLIC_URL: a storefront's origin with `{slug}`. */
  storefrontPublicUrl?: string;
}

const SLUG = "{slug}";

/** The host of an http(s) origin, lower-cased without the port; null when it is none. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** `host` is `domain` or one of its subdomains. */
const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * The app's domain: its host, less a first label when three or more remain (`app.example.com`
 * and `www.example.com` are on `example.com`).
 */
function appDomainOf(host: string): string {
  const labels = host.split(".");
  return labels.length >= 3 ? labels.slice(1).join(".") : host;
}

/** What makes sign-in impossible with these addresses, one sentence each; [] when nothing does. */
export function signInDomainProblems({ production, appPublicUrl, storefrontPublicUrl }: PublicAddresses): string[] {
  if (!production) return [];
  const problems: string[] = [];
  for (const [name, value] of [
    ["APP_PUBLIC_URL", appPublicUrl],
    ["STOREFRONT_PUBLIC_URL", storefrontPublicUrl],
  ] as const) {
    if (value?.trim().toLowerCase().startsWith("http://"))
      problems.push(
        `${name} is an http:// address: in production the session cookie is Secure and browsers keep it only over https, so no one can stay signed in there`,
      );
  }
  const appHost = appPublicUrl ? hostOf(appPublicUrl) : null;
  // The storefront's host as written, `{slug}` kept: URL would escape its braces.
  const pattern = storefrontPublicUrl
    ?.trim()
    .replace(/^https?:\/\//i, "")
    .split(/[/:]/)[0]
    .toLowerCase();
  if (!appHost || !pattern) return problems;
  const [first, ...rest] = pattern.split(".");
  if (first !== SLUG || rest.length === 0) {
    problems.push(
      `STOREFRONT_PUBLIC_URL must have {slug} as its host's whole first label (https://{slug}.app.example.com): a storefront is told apart by its host's first label, so ${pattern} reaches no storefront`,
    );
    return problems;
  }
  const parent = rest.join(".");
  const appDomain = appDomainOf(appHost);
  if (!within(parent, appDomain))
    problems.push(
      `the storefronts (*.${parent}, STOREFRONT_PUBLIC_URL) are not under the app's domain (${appDomain}, APP_PUBLIC_URL): ` +
        `sign-in works on them only if APP_BASE_DOMAINS names ${parent} and each storefront host is an authorized domain of the Firebase project; ` +
        "put them under the app's domain (https://{slug}.app.example.com) unless that is meant",
    );
  return problems;
}

/**
 * The domains to list in the Firebase project's authorized domains for these addresses: the
 * app's host, and each storefront's host (Firebase takes no wildcard), in that order.
 */
export function authorizedDomainsFor(
  { appPublicUrl, storefrontPublicUrl }: Omit<PublicAddresses, "production">,
  slugs: readonly string[],
): string[] {
  const hosts = [
    appPublicUrl ? hostOf(appPublicUrl) : null,
    ...(storefrontPublicUrl ? slugs.map((slug) => hostOf(storefrontPublicUrl.replace(SLUG, slug))) : []),
  ];
  return [...new Set(hosts.filter((host): host is string => host !== null))];
}
