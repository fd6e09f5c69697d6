import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { idParam, requireParams } from "~/platform/http.server";
import { NOINDEX, pageMeta } from "~/ui/meta";

/** A tip link from an email. No tip links have been issued yet, so every key is unknown. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireParams(request, params, { accessKey: idParam });
  const t = await i18next.getFixedT(request);
  return data({ title: t("gratuity.title"), appName: t("app.name") }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data, [NOINDEX]);

export default function GratuityPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("gratuity.title")}</h1>
      <p className="mt-3 text-slate-700" role="alert">
        {t("gratuity.invalid")}
      </p>
    </>
  );
}
