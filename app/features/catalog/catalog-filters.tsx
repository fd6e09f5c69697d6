import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import type { CatalogQuery, Facets } from "~/features/catalog/catalog";
import { SearchQueryField } from "~/ui/search-field";

type Props = {
  facets: Facets;
  query: CatalogQuery;
  /** The facet fixed by the page's slug, not offered as a filter. */
  fixed: "category" | "city" | "operator" | null;
  /** The price range was the wrong way round (not applied). */
  priceRangeInvalid?: boolean;
};

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand focus:ring-brand";

/** Filters in use (the search words aside): counted on the phone's "Filters" button. */
function activeFilters(query: CatalogQuery): number {
  return [query.category, query.city, query.date, query.minPrice, query.maxPrice].filter(
    (value) => value !== undefined && value !== null && value !== "",
  ).length;
}

/**
 * Search and filters as a plain GET form: works the same with and without JavaScript; with it, a
 * changed filter applies at once. On phones the filters sit behind a "Filters" disclosure.
 */
export function CatalogFilters({ facets, query, fixed, priceRangeInvalid = false }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const searching = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const active = activeFilters(query);
  const rangeProps = priceRangeInvalid
    ? ({ "aria-invalid": true, "aria-describedby": "price-range-error" } as const)
    : {};
  const applyOnChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    // Typed words and prices wait for Enter or the button; choices apply at once.
    if (target.tagName === "SELECT" || target.type === "date") submit(event.currentTarget, { replace: true });
  };
  // The facets offered as selects: all but the one the page's slug fixes.
  const selects = [
    { name: "category", any: "home.anyCategory", entries: facets.categories },
    { name: "city", any: "home.anyCity", entries: facets.cities },
  ] as const;
  return (
    <Form
      method="get"
      action={location.pathname}
      className="mt-4 space-y-3 md:mt-6 md:space-y-4"
      role="search"
      onChange={applyOnChange}
    >
      <div className="flex gap-2">
        <SearchQueryField id="catalog-q" defaultValue={query.q ?? ""} className={`${fieldClass} mt-0`} />
        <button
          type="submit"
          className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:brightness-90 disabled:opacity-60"
          disabled={searching}
        >
          {t("home.searchButton")}
        </button>
      </div>
      <details className="filters-disclosure" open={active > 0 || undefined}>
        <summary className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800">
          {t("home.filtersLabel")}
          {active > 0 ? <span className="rounded-full bg-brand-ink px-2 text-xs text-white">{active}</span> : null}
        </summary>
        <fieldset className="mt-3 grid grid-cols-2 gap-3 md:mt-0 md:grid-cols-6">
          <legend className="sr-only">{t("home.filtersLabel")}</legend>
          {selects
            .filter((facet) => facet.name !== fixed)
            .map((facet) => (
              <FacetSelect
                key={facet.name}
                name={facet.name}
                label={t(`home.${facet.name}`)}
                anyLabel={t(facet.any)}
                entries={facet.entries}
                value={query[facet.name]}
              />
            ))}
          <label className="text-sm font-medium text-slate-700">
            {t("home.date")}
            <input type="date" name="date" defaultValue={query.date ?? ""} className={fieldClass} />
          </label>
          {(["minPrice", "maxPrice"] as const).map((name) => (
            <label key={name} className="text-sm font-medium text-slate-700">
              {t(`home.${name}`)}
              <input
                type="number"
                name={name}
                {...rangeProps}
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={query[name] ?? ""}
                className={fieldClass}
              />
            </label>
          ))}
          <label className="text-sm font-medium text-slate-700">
            {t("home.sort")}
            <select name="sort" defaultValue={query.sort ?? "recommended"} className={fieldClass}>
              <option value="recommended">{t("home.sortRecommended")}</option>
              <option value="price_asc">{t("home.sortPriceAsc")}</option>
              <option value="price_desc">{t("home.sortPriceDesc")}</option>
              <option value="title">{t("home.sortTitle")}</option>
            </select>
          </label>
          {priceRangeInvalid ? (
            <p id="price-range-error" className="col-span-2 text-sm text-red-700 md:col-span-6" role="alert">
              {t("home.priceRangeInvalid")}
            </p>
          ) : null}
        </fieldset>
        <div className="mt-3 flex gap-3 text-sm md:mt-4">
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 font-medium hover:bg-slate-50">
            {t("home.apply")}
          </button>
          <Link to={location.pathname} className="px-3 py-2 font-medium text-brand underline">
            {t("home.clear")}
          </Link>
        </div>
      </details>
    </Form>
  );
}

/** A facet as a choice: "any" first, then each entry with how many experiences it has. */
function FacetSelect(props: {
  name: string;
  label: string;
  anyLabel: string;
  entries: ReadonlyArray<{ slug: string; name: string; count: number }>;
  value: string | undefined;
}) {
  return (
    <label className="text-sm font-medium text-slate-700">
      {props.label}
      <select name={props.name} defaultValue={props.value ?? ""} className={fieldClass}>
        <option value="">{props.anyLabel}</option>
        {props.entries.map((facet) => (
          <option key={facet.slug} value={facet.slug}>
            {facet.name} ({facet.count})
          </option>
        ))}
      </select>
    </label>
  );
}
