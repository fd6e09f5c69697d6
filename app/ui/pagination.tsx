import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";

function pageHref(pathname: string, search: string, page: number) {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (totalPages <= 1) return null;
  const linkClass = "rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label={t("home.pagination")} className="mt-8 flex items-center justify-between">
      {page > 1 ? (
        <Link rel="prev" className={linkClass} to={pageHref(location.pathname, location.search, page - 1)}>
          {t("home.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600" aria-current="page">
        {t("home.pageOf", { page, total: totalPages })}
      </p>
      {page < totalPages ? (
        <Link rel="next" className={linkClass} to={pageHref(location.pathname, location.search, page + 1)}>
          {t("home.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
