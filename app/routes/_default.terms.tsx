import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { i18next } from "~/platform/i18next.server";
import { termsOf } from "~/features/legal/documents.server";
import { shopContext } from "~/features/legal/legal.server";
import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/ui/meta";

/** /terms: the terms of booking, naming the operator on their storefront. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [shop, t] = await Promise.all([shopContext(request), i18next.getFixedT(request)]);
  return {
    title: t("legal.terms"),
    description: t("legal.termsDescription", { name: shop.operator ?? shop.app }),
    updated: shop.updated,
    sections: termsOf(shop),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [], { description: data?.description });

export default function TermsPage() {
  return <LegalPage {...useLoaderData<typeof loader>()} />;
}
