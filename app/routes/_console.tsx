import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { SignOutButton } from "~/features/auth/logout-form";
import { ConsoleNav } from "~/features/console/console-nav";
import { consoleReauthAfter } from "~/features/console/console-reauth-prompt";
import { requireConsole } from "~/features/console/console.server";
import { consoleRefusalOf, refusalTitleKey } from "~/features/console/console-refusal";
import { ConsoleRefusalContent } from "~/features/console/console-refusal-content";
import { SuspendedBanner } from "~/features/console/suspended-banner";
import { metaTranslation } from "~/platform/meta-translation";
import { pageMeta } from "~/ui/meta";
import { useTranslation } from "~/platform/i18n-react";
import { RouteErrorContent } from "~/ui/error-page";
import { IntentFormAfter } from "~/ui/intent-form";
import { SectionsShell } from "~/ui/layouts/sections-shell";
import { BrandMark } from "~/ui/site-chrome";

/** Every console page: on the operator's storefront, for members of its team only (requireConsole). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { me } = await requireConsole(request);
  return { me };
}

/** The console's layout: the operator's brand (the storefront's, from the root), its sections, the page. */
function ConsoleShell({ children, nav }: { children: React.ReactNode; nav?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <SectionsShell
      title={
        <div className="flex items-center gap-3">
          <BrandMark />
          <span className="rounded bg-brand px-2 py-0.5 text-xs font-semibold uppercase text-white">
            {t("console.badge")}
          </span>
        </div>
      }
      backLabel={t("console.toStorefront")}
      signOut={<SignOutButton className="font-medium text-slate-700 hover:text-brand" />}
      nav={nav}
    >
      {children}
    </SectionsShell>
  );
}

export default function ConsoleLayout() {
  const { me } = useLoaderData<typeof loader>();
  return (
    <ConsoleShell nav={<ConsoleNav can={me.can} />}>
      <SuspendedBanner operatorName={me.account.name} suspension={me.suspension} timeZone={me.account.timeZone} />
      {/* Every console form whose post needs the fresh check shows "Confirm it's you" after it. */}
      <IntentFormAfter.Provider value={consoleReauthAfter}>
        <Outlet />
      </IntentFormAfter.Provider>
    </ConsoleShell>
  );
}

/** A refused error names its refusal (title in the tab); any other error, the root's title. */
export const meta: MetaFunction<typeof loader> = ({ error, matches }) => {
  const refusal = consoleRefusalOf(error);
  const root = matches.find((match) => match?.id === "root");
  const t = refusal ? metaTranslation((root?.data as { locale?: string } | undefined)?.locale) : undefined;
  if (!refusal || !t) return root?.meta ?? [];
  return pageMeta(matches, { title: t(refusalTitleKey(refusal)) });
};

/**
 * An error inside the console's shell: a refusal (not a member, a role that does not open the
 * page) in words, with the member's sections when they are one; any other error as the site says it.
 */
export function ErrorBoundary() {
  const refusal = consoleRefusalOf(useRouteError());
  const me = useRouteLoaderData<typeof loader>("routes/_console")?.me;
  return (
    <ConsoleShell nav={me ? <ConsoleNav can={me.can} /> : undefined}>
      {refusal ? <ConsoleRefusalContent refusal={refusal} /> : <RouteErrorContent />}
    </ConsoleShell>
  );
}
