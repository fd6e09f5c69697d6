import { z } from "zod";

/** Operator slugs: lowercase letters, digits and hyphens, 1–63 characters, not starting with a hyphen. */
export const accountSlug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "Use 1–63 lowercase letters, digits or hyphens.");

export const accountContextParams = z.object({ slug: accountSlug });

/** Answer of GET /v1/account-context/{slug}. */
export interface AccountContext {
  slug: string;
  name: string;
  tagline: string;
  logoUrl: string | null;
  colors: { primary: string; accent: string; ink: string };
  currency: string;
  timezone: string;
  /** How guests reach the operator; each may be null. */
  contact: { email: string | null; phone: string | null; address: string | null };
}

export const ACCOUNT_CONTEXT_HEADER = "X-Account-Context";
