import { useTranslation } from "~/platform/i18n-react";
import { SiteFooter, SkipLink } from "~/ui/site-chrome";
import { SiteHeader } from "~/features/account/site-header";

/** The home pages' frame: the site's header and footer around a hero band and the page. */
export function HeroLayout({ hero, children }: { hero: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main">
        {hero}
        <div className="mx-auto max-w-6xl px-4 pb-8">{children}</div>
      </main>
      <SiteFooter />
    </>
  );
}

export function HomeLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <HeroLayout
      hero={
        <div className="bg-gradient-to-b from-brand/10 to-white">
          <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand">{t("app.name")}</p>
            <p className="mt-2 max-w-2xl text-lg text-slate-700">{t("app.tagline")}</p>
          </div>
        </div>
      }
    >
      {children}
    </HeroLayout>
  );
}
