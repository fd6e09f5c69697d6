import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { FieldFrame, fieldAria } from "~/ui/field-frame";

/**
 * The search words (`q`) of a console list's GET filter form, as a field of the kit's frame: a GET
 * form has no errors of its own (the API's are named above it), so only its label and hint.
 */
export function SearchFilterField({
  id,
  label,
  hint,
  value,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
}) {
  const field = { id, errorId: `${id}-error` };
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <input
        id={id}
        name="q"
        type="search"
        maxLength={100}
        defaultValue={value}
        {...fieldAria(field, true)}
        className="mt-1 block w-full max-w-xl rounded-md border border-slate-300 px-3 py-2 text-base"
      />
    </FieldFrame>
  );
}

/** `path` with a list's filters (those given) and a page's cursor: the list's links keep its filters. */
export function listHref(path: string, filters: Record<string, string | undefined>, cursor?: string | null) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) search.set(name, value);
  if (cursor) search.set("cursor", cursor);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

const PAGE_LINK = "text-sm font-medium text-brand-ink underline";

/** A console list's cursor pages: back to the first page (when past it) and the next one (when there is one). */
export function CursorPager({
  label,
  first,
  next,
  nextLabel,
}: {
  label: string;
  /** The next page's link's words, when not "Next page" (a log's "Older"). */
  nextLabel?: string;
  /** The first page's href, when the list is past it. */
  first: string | null;
  /** The next page's href, when there is one. */
  next: string | null;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className="mt-6 flex gap-4">
      {first ? (
        <Link to={first} className={PAGE_LINK}>
          {t("desk.firstPage")}
        </Link>
      ) : null}
      {next ? (
        <Link rel="next" to={next} className={PAGE_LINK}>
          {nextLabel ?? t("desk.nextPage")}
        </Link>
      ) : null}
    </nav>
  );
}
