import { safeSitePath } from "~contract/identity/safe-path";

/**
 * Safe redirects: only same-site paths are followed (after sign-in, after a form). Anything that
 * could leave the site (`//evil.com`, `/\\evil.com`, `/.//evil.com`, `https://…`, `javascript:`,
 * encoded variants) falls back to the default. The check is the contract's, shared with the API.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  return safeSitePath(target) ?? fallback;
}

/** The sign-in page address that brings the user back to `path` afterwards. */
export function loginUrl(path: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ redirectUrl: path, ...extra });
  return `/login?${params.toString()}`;
}
