import { applyAsOperatorBody } from "~contract/platform/applications";
import { operatorSlug } from "~contract/platform/operator-slug";

/**
 * "Sell your experiences" (issue 44): the application's form, field by field the contract's rule
 * (contract/platform/applications.ts); its storefront address also not a reserved one
 * (`operatorSlug`), which the form can say before sending. Taken or not only the API can tell.
 */
export const ApplySchema = applyAsOperatorBody.extend({ slug: operatorSlug });
