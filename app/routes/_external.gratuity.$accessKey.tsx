import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { loadGratuity, startTip } from "~/features/tips/gratuity.server";
import { GratuityPage } from "~/features/tips/gratuity-page";
import { passHeaders } from "~/platform/http.server";
import { NOINDEX, pageMeta } from "~/ui/meta";

/** A tip link from the post-trip email: no sign-in, the key is the way in. */
export async function loader(args: LoaderFunctionArgs) {
  return loadGratuity(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const tags = pageMeta(matches, data, [NOINDEX]);
  return data?.refresh ? [...tags, { httpEquiv: "refresh", content: data.refresh }] : tags;
};

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action(args: ActionFunctionArgs) {
  return startTip(args);
}

export default function GratuityRoute() {
  return <GratuityPage />;
}
