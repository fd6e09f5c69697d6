import { getApiEnv } from "../env";

/**
 * An operator's storefront origin, for links the API writes outside of a request on that storefront
 * (the seed's bookings, a new operator's owner invitation): STOREFRONT_PUBLIC_URL's, or the local
 * one (`npm start`: http://acme.app.localhost:3000).
 */
export function storefrontOrigin(slug: string): string {
  const configured = getApiEnv().STOREFRONT_PUBLIC_URL;
  return configured ? new URL(configured.replace("{slug}", slug)).origin : `http://${slug}.app.localhost:3000`;
}
