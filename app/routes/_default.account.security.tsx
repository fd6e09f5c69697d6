import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { i18next } from "~/platform/i18next.server";
import { requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";
import { LogoutForm } from "~/features/auth/logout-form";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const t = await i18next.getFixedT(request);
  return { user, title: t("account.security"), appName: t("app.name") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/** How the user signs in, a password reset, and signing out everywhere. */
export default function SecurityPage() {
  const { user, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <dl className="mt-6 rounded-xl border border-slate-200 px-4 py-3 text-sm">
        <dt className="font-medium text-slate-600">{t("security.signInMethod")}</dt>
        <dd className="mt-1 text-slate-900" data-testid="sign-in-method">
          {t(`security.method_${user.signInMethod.replace(/\W/g, "_")}`, { defaultValue: user.signInMethod })}
        </dd>
      </dl>
      <p className="mt-6 text-sm text-slate-700">
        {t("security.resetHint")}{" "}
        <Link to="/reset-password" className="font-medium text-brand underline">
          {t("login.resetTitle")}
        </Link>
      </p>
      <LogoutForm className="mt-6">
        <button
          type="submit"
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          {t("security.signOutEverywhere")}
        </button>
      </LogoutForm>
    </>
  );
}
