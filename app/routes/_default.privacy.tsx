import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { privacyOf } from "~/features/legal/documents.server";
import { legalPageData } from "~/features/legal/legal.server";
import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/ui/meta";

/** /privacy: what we keep about guests, why, and their rights. */
export async function loader({ request }: LoaderFunctionArgs) {
  return legalPageData(request, {
    title: "legal.privacy",
    description: "legal.privacyDescription",
    sections: privacyOf,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [], { description: data?.description });

export default function PrivacyPage() {
  return <LegalPage {...useLoaderData<typeof loader>()} />;
}
