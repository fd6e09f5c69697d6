import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DurationText } from "~/components/duration-text";
import { formatMoney } from "~/lib/format";
import { loadServiceDetail } from "~/lib/service-detail.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadServiceDetail(request, params);
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.experience.title} · ${data.appName}` }, { name: "robots", content: "noindex" }] : [];

export default function ConfirmPage() {
  const { experience, service } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const redirectUrl = encodeURIComponent(location.pathname + location.search);
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-brand-ink">{t("confirm.title")}</h1>
      <div className="mt-6 rounded-xl border border-slate-200 p-5">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t("confirm.summary")}</h2>
        <p className="mt-2 text-lg font-semibold">{experience.title}</p>
        <p className="text-slate-700">
          {service.name} · <DurationText minutes={service.durationMinutes} />
        </p>
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {service.ticketTypes.map((ticket) => (
            <li key={ticket.id} className="flex justify-between py-2">
              <span>{ticket.name}</span>
              <span>{formatMoney(ticket.priceMinor, experience.currency, i18n.language)}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="mt-6 text-slate-700">{t("confirm.signInHint")}</p>
      <Link
        to={`/login?redirectUrl=${redirectUrl}`}
        className="mt-3 inline-block rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90"
      >
        {t("confirm.signInToBook")}
      </Link>
    </section>
  );
}
