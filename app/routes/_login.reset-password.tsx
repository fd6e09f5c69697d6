import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { i18next } from "~/i18next.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request);
  return { title: t("login.resetTitle"), appName: t("app.name") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: `${data.title} · ${data.appName}` }] : []);

export default function Page() {
  const { t } = useTranslation();
  return <h1 className="text-2xl font-bold text-brand-ink">{t("login.resetTitle")}</h1>;
}
