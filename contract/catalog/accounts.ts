import { z } from "zod";
import { said } from "../fields";
import type * as out from "../outputs";

/** Operator slugs: lowercase letters, digits and hyphens, 1–63 characters, not starting with a hyphen. */
export const accountSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, said("slug.invalid"));

export const accountContextParams = z.object({ slug: accountSlug });

/** Answer of GET /v1/account-context/{slug}. */
export type AccountContext = z.infer<typeof out.accountContext>;

export const ACCOUNT_CONTEXT_HEADER = "X-Account-Context";
