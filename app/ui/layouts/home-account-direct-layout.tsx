import { useTranslation } from "~/platform/i18n-react";
import { SiteFooter, SiteHeader, SkipLink } from "~/ui/site-chrome";
import { useRootData } from "~/platform/root-data";

/** An operator's storefront: their name, logo, tagline and colours. */
export function HomeAccountDirectLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const account = useRootData()?.account;
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main">
        <div className="bg-brand text-white" data-testid="storefront-hero">
          <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-10 sm:py-14">
            <div>
              <p className="text-2xl font-bold sm:text-3xl">
                {account ? t("home.storefrontHeading", { name: account.name }) : t("app.name")}
              </p>
              {account?.tagline ? <p className="mt-1 text-white/90">{account.tagline}</p> : null}
            </div>
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-8">{children}</div>
      </main>
      <SiteFooter />
    </>
  );
}
