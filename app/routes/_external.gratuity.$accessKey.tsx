import type { MetaFunction } from "@remix-run/node";
import type { loadGratuity } from "~/features/tips/gratuity.server";
import { NOINDEX, pageMeta } from "~/ui/meta";
import { GratuityPage } from "~/features/tips/gratuity-page";

/** A tip link from the post-trip email: no sign-in, the key is the way in. */
export { loadGratuity as loader, startTip as action } from "~/features/tips/gratuity.server";

export const meta: MetaFunction<typeof loadGratuity> = ({ data, matches }) => {
  const tags = pageMeta(matches, data, [NOINDEX]);
  return data?.refresh ? [...tags, { httpEquiv: "refresh", content: data.refresh }] : tags;
};

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export { passHeaders as headers } from "~/platform/http.server";

export default GratuityPage;
