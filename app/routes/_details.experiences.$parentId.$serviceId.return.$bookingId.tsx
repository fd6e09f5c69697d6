import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { idParam, requireParams } from "~/lib/http.server";
import { loadServiceDetail } from "~/lib/service-detail.server";

/** The return from payment. Bookings arrive with the booking API; until one exists it is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireParams(request, params, { bookingId: idParam });
  const detail = await loadServiceDetail(request, params);
  return data({ ...detail, booking: null }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.experience.title} · ${data.appName}` }, { name: "robots", content: "noindex" }] : [];

export default function ReturnPage() {
  const { experience, service } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-brand-ink">{t("return.title")}</h1>
      <p className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900" role="alert">
        {t("return.notFound")}
      </p>
      <Link to={`/experiences/${experience.id}/${service.id}`} className="mt-6 inline-block font-medium text-brand underline">
        {experience.title}
      </Link>
    </section>
  );
}
