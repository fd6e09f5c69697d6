import { useLoaderData } from "@remix-run/react";
import type { OperatorService } from "~contract/operator/services";
import { ExperienceNav } from "~/features/console/experience-nav";
import { useTranslation } from "~/platform/i18n-react";
import { StatusMessage } from "~/ui/status-message";
import type { PricesPageData } from "./prices-data";
import { figuresKey } from "./use-price-form";
import { ServiceForm, DeleteServiceForm, NewServiceForm } from "./service-forms";
import { PrivateSaleForm, privateSaleKey } from "./private-sale-form";
import { PricesForm } from "./prices-form";
import { DepositForm } from "./deposit-form";
import { CardSection } from "~/ui/labelled-section";

/** One experience's services: each with its fields and its ticket types and prices; a new service. */
export function PricesPage() {
  const { page, flash, title } = useLoaderData<PricesPageData>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <ExperienceNav experienceId={page.experience.id} title={page.experience.title} />
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <p className="mt-2 text-sm text-slate-700">{t("prices.intro", { currency: page.currency })}</p>
      {page.services.length === 0 ? <p className="mt-6">{t("prices.none")}</p> : null}
      {page.services.map((service) => (
        <ServiceSection key={service.id} service={service} />
      ))}
      <CardSection headingId="new-service-heading" heading={t("prices.newService")} className="mt-10 max-w-xl">
        <NewServiceForm />
      </CardSection>
    </>
  );
}

export function ServiceSection({ service }: { service: OperatorService }) {
  const headingId = `service-${service.id}-heading`;
  return (
    <CardSection headingId={headingId} heading={service.name} className="mt-8" data-testid="service">
      <div className="mt-3 grid gap-8 lg:grid-cols-2">
        {/* Saved figures remount a form: it shows them, not what was typed. */}
        <ServiceForm key={figuresKey(service)} service={service} />
        <PricesForm key={JSON.stringify(service.ticketTypes)} service={service} />
      </div>
      <PrivateSaleForm key={privateSaleKey(service)} service={service} />
      <DepositForm key={`deposit:${JSON.stringify(service.deposit)}`} service={service} />
      <DeleteServiceForm service={service} />
    </CardSection>
  );
}
