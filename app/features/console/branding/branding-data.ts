import type { getZodConstraint } from "@conform-to/zod";
import type { BrandingView } from "~contract/operator/branding";

/** The Branding page's data, as its loader gives it (and the page's parts read it). */
export interface BrandingPageData {
  branding: { draft: BrandingView; unpublished: boolean };
  constraints: { save: ReturnType<typeof getZodConstraint>; logo: ReturnType<typeof getZodConstraint> };
  /** A fresh key per page answer: the logo form sent twice uploads the logo once. */
  idempotencyKey: string;
  title: string;
  flash: string | null;
}
