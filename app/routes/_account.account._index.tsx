import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const t = await i18next.getFixedT(request);
  return { user, title: t("account.title"), appName: t("app.name") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function Page() {
  const { user } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("account.title")}</h1>
      <p className="mt-2 text-slate-700">{user.email}</p>
    </>
  );
}
