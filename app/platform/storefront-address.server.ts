import { config } from "~/platform/config.server";
import { hostnameOf } from "~/platform/host";

/**
 * Where an operator's storefront is, seen from this request (issue 44: the application's
 * "storefront address", the link to a new operator's console): `<slug>.<domain>`, the domain being
 * the first base domain (APP_BASE_DOMAINS) with as many labels as HOST_SEGMENTS (so that one more
 * label is a storefront: app/platform/host.ts), with the request's scheme and port.
 * Locally: `app.localhost:3000`.
 */
export function storefrontDomain(request: Request): string {
  const url = new URL(request.url);
  const domain =
    config.APP_BASE_DOMAINS.find((base) => base.split(".").length === config.HOST_SEGMENTS) ?? hostnameOf(url.host);
  return url.port ? `${domain}:${url.port}` : domain;
}

/** An operator's storefront origin, e.g. `http://lisbon-food-walks.app.localhost:3000`. */
export function storefrontOrigin(request: Request, slug: string): string {
  return `${new URL(request.url).protocol}//${slug}.${storefrontDomain(request)}`;
}
