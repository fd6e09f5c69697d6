import { escapeMarkup } from "~contract/text";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/platform/api.server";
import { requireHostContext } from "~/platform/host.server";
import { pageNotFound } from "~/platform/http.server";

const PAGE_SIZE = 48;
/** The sitemap protocol's limit per file. */
const MAX_URLS = 50_000;

/**
 * /sitemap.xml of the marketplace: home, the city, category and operator pages, every
 * experience (its first option) and the shop's own pages. Storefronts are not indexed: 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const host = requireHostContext(request);
  if (host.mode === "account_direct") throw await pageNotFound(request);
  const origin = new URL(request.url).origin;
  const api = apiFor(request);
  const facets = await api.call("facets");
  const paths = ["/", "/terms", "/privacy", "/contact"];
  for (const facet of [...facets.cities, ...facets.categories, ...facets.operators]) paths.push(`/${facet.slug}`);
  for (let page = 1; paths.length < MAX_URLS; page++) {
    const found = await api.call("experiences", { query: { page, pageSize: PAGE_SIZE, sort: "title" } });
    for (const item of found.items) paths.push(`/experiences/${item.id}/${item.firstServiceId}`);
    if (page >= found.totalPages) break;
  }
  const urls = paths
    .slice(0, MAX_URLS)
    .map((path) => `  <url><loc>${escapeMarkup(new URL(path, origin).toString())}</loc></url>`);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
