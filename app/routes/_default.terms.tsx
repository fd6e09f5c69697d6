import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { termsOf } from "~/features/legal/documents.server";
import { legalPageData } from "~/features/legal/legal.server";
import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/ui/meta";

/** /terms: the terms of booking, naming the operator on their storefront. */
export async function loader({ request }: LoaderFunctionArgs) {
  return legalPageData(request, { title: "legal.terms", description: "legal.termsDescription", sections: termsOf });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [], { description: data?.description });

export default function TermsPage() {
  return <LegalPage {...useLoaderData<typeof loader>()} />;
}
