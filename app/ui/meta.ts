import type { MetaDescriptor } from "@remix-run/node";

/** Pages that must not be indexed (private, per-person or per-payment pages). */
export const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex" };

/** The one title rule, "{page} · {site}", plus a page's other tags; nothing while there is no data. */
export function pageMeta(
  data: { title: string; appName: string } | null | undefined,
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  return data ? [{ title: `${data.title} · ${data.appName}` }, ...extra] : [];
}
