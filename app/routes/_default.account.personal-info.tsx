import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { i18next } from "~/platform/i18next.server";
import { toDisplayPhone } from "~/features/auth/auth-schemas";
import { requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const t = await i18next.getFixedT(request);
  return { user, title: t("account.personalInfo"), appName: t("app.name") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/** What we know about the user (spec section 3: the phone is shown without its +1). */
export default function PersonalInfoPage() {
  const { user, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const rows = [
    [t("login.firstName"), user.firstName],
    [t("login.lastName"), user.lastName],
    [t("login.email"), user.email],
    [t("login.phone"), toDisplayPhone(user.phoneNumber)],
  ];
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <dl className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-4 px-4 py-3 text-sm">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="col-span-2 text-slate-900">{value || "—"}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
