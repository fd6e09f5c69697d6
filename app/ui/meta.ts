import type { MetaDescriptor } from "@remix-run/node";

/** Pages that must not be indexed (private, per-person or per-payment pages). */
export const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex" };

/** What the root loader tells every page's meta: the site's name and the page's address. */
type RootMeta = { siteName?: string; canonicalUrl?: string; origin?: string } | undefined;
/** The route matches a meta function receives. */
export type Matches = ReadonlyArray<{ id: string; data: unknown } | undefined>;

/** The root loader's data, as every page's meta reads it. */
export function rootOf(matches: Matches): RootMeta {
  return matches.find((match) => match?.id === "root")?.data as RootMeta;
}

export interface PageSeo {
  /** One or two sentences for search results and shares. */
  description?: string;
  /** The picture of a share (a path is made absolute). */
  image?: string | null;
  /** og:type; "website" by default. */
  type?: string;
}

/**
 * The one title rule, "{page} · {site}" — the site (the root loader's siteName) being the operator
 * on their storefront — and, for pages with a description, the canonical address and the tags
 * search engines and shares read (description, Open Graph, Twitter card). Nothing while there is
 * no data.
 */
export function pageMeta(
  matches: Matches,
  data: { title: string } | null | undefined,
  extra: MetaDescriptor[] = [],
  seo: PageSeo = {},
): MetaDescriptor[] {
  if (!data) return [];
  const root = rootOf(matches);
  const site = root?.siteName;
  const title = site ? `${data.title} · ${site}` : data.title;
  const tags: MetaDescriptor[] = [{ title }];
  if (root?.canonicalUrl) tags.push({ tagName: "link", rel: "canonical", href: root.canonicalUrl });
  if (seo.description) {
    const image = seo.image && root?.origin ? new URL(seo.image, root.origin).toString() : null;
    tags.push(
      { name: "description", content: seo.description },
      ...(site ? [{ property: "og:site_name", content: site }] : []),
      { property: "og:title", content: title },
      { property: "og:description", content: seo.description },
      { property: "og:type", content: seo.type ?? "website" },
      ...(root?.canonicalUrl ? [{ property: "og:url", content: root.canonicalUrl }] : []),
      ...(image ? [{ property: "og:image", content: image }] : []),
      { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
      { name: "twitter:title", content: title },
      { name: "twitter:description", content: seo.description },
      ...(image ? [{ name: "twitter:image", content: image }] : []),
    );
  }
  return [...tags, ...extra];
}
