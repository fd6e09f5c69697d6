import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { idParam, requireParams } from "~/platform/http.server";
import { NOINDEX, pageMeta } from "~/ui/meta";

/** A referral landing page. No referral codes have been issued yet, so every code is unknown. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireParams(request, params, { code: idParam });
  const t = await i18next.getFixedT(request);
  return data({ title: t("referral.title"), appName: t("app.name") }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data, [NOINDEX]);

export default function ReferralPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("referral.title")}</h1>
      <p className="mt-3 text-slate-700" role="alert">
        {t("referral.invalid")}
      </p>
    </>
  );
}
