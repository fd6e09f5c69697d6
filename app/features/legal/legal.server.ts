import type { AccountContext } from "~contract/catalog/accounts";
import { apiFor } from "~/platform/api.server";
import { config } from "~/platform/config.server";
import { requireHostContext } from "~/platform/host.server";
import { i18next } from "~/platform/i18next.server";
import { LEGAL_UPDATED, type LegalContext } from "./documents.server";

/** Who the shop's pages speak for: the storefront's operator (account mode) or the marketplace. */
export async function shopContext(request: Request): Promise<LegalContext & { account: AccountContext | null }> {
  const host = requireHostContext(request);
  // The same read the root makes (kept a few seconds by the API client): not a second fetch.
  const account =
    host.mode === "account_direct"
      ? await apiFor(request).call("accountContext", { params: { slug: host.accountSlug } })
      : null;
  return {
    account,
    app: config.PUBLIC_APP_NAME,
    operator: account?.name ?? null,
    supportEmail: account?.contact.email ?? config.SUPPORT_EMAIL,
    updated: LEGAL_UPDATED,
  };
}

/**
 * A legal page's loader data: its title and description (locale keys; the description names who
 * speaks) and its sections for this shop.
 */
export async function legalPageData<Sections>(
  request: Request,
  page: { title: string; description: string; sections: (shop: LegalContext) => Sections },
) {
  const [shop, t] = await Promise.all([shopContext(request), i18next.getFixedT(request)]);
  return {
    title: t(page.title),
    description: t(page.description, { name: shop.operator ?? shop.app }),
    updated: shop.updated,
    sections: page.sections(shop),
  };
}
