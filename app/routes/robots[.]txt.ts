import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireHostContext } from "~/platform/host.server";

/**
 * /robots.txt. The marketplace: everything public may be crawled (the sign-in page too: people
 * search for it); the account area, the later sign-in steps, payments and the API may not; the sitemap is named. A storefront is not indexed at all
 * (spec: account mode is noindex): crawlers may fetch its pages, so that they read the `noindex`
 * each one carries (meta and X-Robots-Tag) — a page they may not fetch can still be listed by its
 * address alone. It names no sitemap.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const host = requireHostContext(request);
  const origin = new URL(request.url).origin;
  const body =
    host.mode === "account_direct"
      ? "User-agent: *\nAllow: /\n"
      : [
          "User-agent: *",
          "Allow: /",
          ...[
            "/account",
            "/reset-password",
            "/set-password",
            "/complete-profile",
            "/waiver",
            "/sandbox/",
            "/gratuity/",
            "/referral/",
            "/unsubscribe/",
            "/dev/",
            "/v1/",
          ].map((path) => `Disallow: ${path}`),
          "Disallow: /experiences/*/confirm",
          "Disallow: /experiences/*/return/",
          `Sitemap: ${origin}/sitemap.xml`,
          "",
        ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
