import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useConsoleSections } from "~/features/console/console-nav";
import { requireConsole } from "~/features/console/console.server";
import { withFlash } from "~/platform/flash.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { pageMeta } from "~/ui/meta";
import { StatusMessage } from "~/ui/status-message";

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ me }, t] = await Promise.all([requireConsole(request), i18next.getFixedT(request)]);
  return withFlash(request, { me, title: t("console.title") });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

/** The console's home: who you are here, your role, where to go. */
export default function ConsoleHome() {
  const { me, flash } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const others = useConsoleSections(me.can).slice(1);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("console.welcome", { name: me.account.name })}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <dl className="mt-6 grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium text-slate-700">{t("console.signedInAs")}</dt>
        <dd data-testid="console-email">{me.email}</dd>
        <dt className="font-medium text-slate-700">{t("console.yourRole")}</dt>
        <dd data-testid="console-role">{t(`console.role_${me.role}`)}</dd>
      </dl>
      <p className="mt-4 text-sm text-slate-700">{t(`console.roleHint_${me.role}`)}</p>
      {others.length > 0 ? (
        <ul className="mt-6 space-y-2">
          {others.map((section) => (
            <li key={section.to}>
              <Link to={section.to} className="font-medium text-brand underline">
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
