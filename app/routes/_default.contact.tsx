import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { shopContext } from "~/features/legal/legal.server";
import { formatPhone } from "~/ui/format";
import { pageMeta } from "~/ui/meta";

/** /contact: the operator's details on their storefront; the marketplace's support address otherwise. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [shop, t] = await Promise.all([shopContext(request), i18next.getFixedT(request)]);
  const name = shop.operator ?? shop.app;
  return {
    title: t("legal.contact"),
    name,
    description: t("legal.contactDescription", { name }),
    email: shop.supportEmail,
    phone: shop.account?.contact.phone ?? null,
    address: shop.account?.contact.address ?? null,
    timezone: shop.account?.timezone ?? null,
    storefront: shop.account !== null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [], { description: data?.description });

export default function ContactPage() {
  const { title, name, email, phone, address, timezone, storefront } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="max-w-prose">
      <h1 className="text-3xl font-bold tracking-tight text-brand-ink">{title}</h1>
      <p className="mt-3 text-slate-800">
        {storefront ? t("legal.contactOperatorIntro", { name }) : t("legal.contactIntro", { name })}
      </p>
      <dl className="mt-6 space-y-4" data-testid="contact-details">
        <div>
          <dt className="text-sm font-semibold text-slate-600">{t("legal.email")}</dt>
          <dd>
            <a href={`mailto:${email}`} className="font-medium text-brand-ink underline">
              {email}
            </a>
          </dd>
        </div>
        {phone ? (
          <div>
            <dt className="text-sm font-semibold text-slate-600">{t("legal.phone")}</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^+\d]/g, "")}`} className="font-medium text-brand-ink underline">
                {formatPhone(phone)}
              </a>
              {timezone ? <span className="ml-2 text-sm text-slate-600">({timezone.replace(/_/g, " ")})</span> : null}
            </dd>
          </div>
        ) : null}
        {address ? (
          <div>
            <dt className="text-sm font-semibold text-slate-600">{t("legal.address")}</dt>
            <dd className="text-slate-800">{address}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-8 text-sm text-slate-700">
        {t("legal.bookingHelp")}{" "}
        <Link to="/account/bookings" className="font-medium text-brand-ink underline">
          {t("legal.yourBookings")}
        </Link>
      </p>
    </article>
  );
}
