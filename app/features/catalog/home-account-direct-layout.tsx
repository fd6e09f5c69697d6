import { useTranslation } from "~/platform/i18n-react";
import { useRootData } from "~/platform/root-data";
import { HeroLayout } from "~/features/catalog/home-layout";
import { NotTakingBookings } from "~/features/storefront/not-taking-bookings";

/**
 * An operator's storefront: their name, logo, tagline and colours; while the platform has
 * suspended the operator, the notice that it is not taking bookings above what it offers.
 */
export function HomeAccountDirectLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const account = useRootData()?.account;
  return (
    <HeroLayout
      hero={
        <div className="bg-brand text-white" data-testid="storefront-hero">
          <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-10 sm:py-14">
            <div>
              <p className="text-2xl font-bold sm:text-3xl">
                {account ? t("home.storefrontHeading", { name: account.name }) : t("app.name")}
              </p>
              {account?.tagline ? <p className="mt-1 text-white">{account.tagline}</p> : null}
            </div>
          </div>
        </div>
      }
    >
      {account && !account.takingBookings ? (
        <div className="mt-8">
          <NotTakingBookings operatorName={account.name} />
        </div>
      ) : null}
      {children}
    </HeroLayout>
  );
}
