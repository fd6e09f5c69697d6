import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { useRootData } from "~/platform/root-data";
import { BrandLogo } from "~/ui/brand-logo";

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
    >
      {t("nav.skipToContent")}
    </a>
  );
}

/** The brand mark: the operator's logo and name on a storefront, the product's otherwise. */
export function BrandMark() {
  const { t } = useTranslation();
  const account = useRootData()?.account;
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 whitespace-nowrap font-semibold text-brand-ink">
      {account?.logoUrl ? (
        // The operator's logo is a wordmark that carries their name.
        <BrandLogo logoUrl={account.logoUrl} name={account.name} />
      ) : account ? (
        <span data-testid="brand-name">{account.name}</span>
      ) : (
        <>
          <img src="/favicon-32x32.png" alt="" width={32} height={32} className="h-8 w-8" />
          <span>{t("app.name")}</span>
        </>
      )}
    </Link>
  );
}

/** The footer's pages, in order (locale keys of their link texts). */
const FOOTER_LINKS = [
  { to: "/terms", label: "legal.footerTerms" },
  { to: "/privacy", label: "legal.footerPrivacy" },
  { to: "/contact", label: "legal.footerContact" },
];

/** The marketplace's invitation to operators (issue 44): applying to sell on it (not on a storefront). */
const SELL_LINK = { to: "/sell", label: "footer.sell" };

export function SiteFooter() {
  const { t } = useTranslation();
  const account = useRootData()?.account;
  // The year in UTC, as the server printed it (not the visitor's local year on New Year's Eve).
  const year = new Date().getUTCFullYear();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-8 text-sm text-slate-600">
        <p>
          {account ? t("footer.storefront", { name: account.name, app: t("app.name") }) : t("footer.tagline")}
          <span className="ml-2">© {year}</span>
        </p>
        <nav aria-label={t("footer.nav")}>
          <ul className="flex flex-wrap gap-4">
            {(account ? FOOTER_LINKS : [SELL_LINK, ...FOOTER_LINKS]).map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="underline hover:text-slate-900">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
