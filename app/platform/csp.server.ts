import { config } from "./config.server";

export { newNonce } from "~runtime/nonce.mjs";

const FIREBASE_HOSTS = [
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
  "https://www.googleapis.com",
];

/**
 * The Content-Security-Policy of a page: scripts only with this request's nonce (and what they
 * load, 'strict-dynamic'); no framing, plugins or <base>. Firebase's hosts are allowed on every
 * page: a document keeps its first policy through client-side navigations, so the page someone
 * lands on must already allow the sign-in they may navigate to (and a signed-in session keeps
 * its token fresh from any page). The Firebase client itself is only loaded where it is used.
 */
export function contentSecurityPolicy(nonce: string): string {
  const { firebase, production } = config;
  const emulator = firebase.emulatorHost ? `http://${firebase.emulatorHost}` : null;
  const connect = ["'self'", ...FIREBASE_HOSTS, ...(emulator ? [emulator] : [])];
  const frames = [`https://${firebase.authDomain}`, ...(emulator ? [emulator] : [])];
  // Emails (the dev mailbox shows them) load logos from the marketplace's address while the page
  // may be a storefront's: on a local machine those are plain http, which `https:` does not cover.
  const localImages = production
    ? []
    : config.APP_BASE_DOMAINS.flatMap((domain) => [`http://${domain}:*`, `http://*.${domain}:*`]);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [`'nonce-${nonce}'`, "'strict-dynamic'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:", ...localImages],
    "font-src": ["'self'"],
    "connect-src": connect,
    "frame-src": frames,
    // Form posts stay here; the booking form's answer may send the guest on to the payment page,
    // the payouts page's the owner on to Stripe's onboarding.
    "form-action": ["'self'", "https://checkout.stripe.com", "https://connect.stripe.com"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    ...(production ? { "upgrade-insecure-requests": [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}
