import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { CatalogFilters } from "~/features/catalog/catalog-filters";
import { ExperienceCard } from "~/features/catalog/experience-card";
import { Pagination } from "~/ui/pagination";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { findSlice, type CatalogSlice } from "~/features/catalog/catalog-slice";
import { parseCatalogQuery } from "~/features/catalog/catalog-query.server";
import { pageNotFound } from "~/platform/http.server";
import { pageMeta } from "~/ui/meta";
import { redirect } from "~/platform/redirect.server";

const PAGE_SIZE = 12;
/** The cards of the grid's first row at its widest (3 columns): their pictures load at once. */
const FIRST_ROW = 3;

/**
 * The home page (spec section 2, `/{slug...}`): `/` lists the catalog, a known category, city
 * or operator slug shows that slice, anything else is 'Page not found: {path}'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const splat = params["*"] ?? "";
  const api = apiFor(request);
  const facets = await api.call("facets");

  let slice: CatalogSlice | null = null;
  if (splat) {
    slice = splat.includes("/") ? null : findSlice(facets, splat);
    if (!slice) throw await pageNotFound(request);
  }

  const url = new URL(request.url);
  const query = parseCatalogQuery(url.searchParams);
  // A range the wrong way round is the visitor's to fix: said beside the fields, not applied.
  const priceRangeInvalid =
    query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice;
  const filters = {
    ...query,
    ...(priceRangeInvalid ? { minPrice: undefined, maxPrice: undefined } : {}),
    ...(slice ? { [slice.kind]: slice.slug } : {}),
  };
  const page = await api.call("experiences", {
    query: {
      q: filters.q,
      category: filters.category,
      city: filters.city,
      operator: filters.operator,
      date: filters.date,
      minPrice: filters.minPrice !== undefined ? filters.minPrice * 100 : undefined,
      maxPrice: filters.maxPrice !== undefined ? filters.maxPrice * 100 : undefined,
      sort: filters.sort,
      page: filters.page,
      pageSize: PAGE_SIZE,
    },
  });

  // A page past the end (an old link, a hand-edited address) shows the last one.
  if (page.totalPages > 0 && page.page > page.totalPages) {
    const last = new URLSearchParams(url.search);
    last.set("page", String(page.totalPages));
    throw redirect(`${url.pathname}?${last}`);
  }

  const t = await i18next.getFixedT(request);
  const heading = slice ? t(slice.headingKey, { name: slice.name }) : t("home.heading");
  return {
    facets,
    slice,
    query,
    priceRangeInvalid,
    page,
    heading,
    description: slice ? t("home.sliceDescription", { heading, count: page.total }) : t("home.description"),
    title: slice ? heading : t("home.title"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [], { description: data?.description, image: data?.page.items[0]?.imageUrl });

export default function HomePage() {
  const { facets, slice, query, priceRangeInvalid, page, heading } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const showOperator = facets.operators.length > 1;
  return (
    <>
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-brand-ink">{heading}</h1>
      <CatalogFilters facets={facets} query={query} fixed={slice?.kind ?? null} priceRangeInvalid={priceRangeInvalid} />
      <p className="mt-6 text-sm text-slate-600" role="status">
        {t("home.results", { count: page.total })}
      </p>
      {page.items.length === 0 ? (
        <p className="mt-6 rounded-lg bg-slate-50 p-6 text-slate-700">{t("home.noResults")}</p>
      ) : (
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="experience-list">
          {page.items.map((experience, index) => (
            <ExperienceCard
              key={experience.id}
              experience={experience}
              showOperator={showOperator}
              priority={index === 0 ? "high" : index < FIRST_ROW ? "eager" : "lazy"}
              date={query.date}
            />
          ))}
        </ul>
      )}
      <Pagination page={page.page} totalPages={page.totalPages} />
    </>
  );
}
