import { Link, useLoaderData } from "@remix-run/react";
import type { OperatorExperienceRow } from "~contract/operator/experiences";
import { StatusBadge } from "~/features/console/status-badge";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { formatMoney } from "~/ui/format";
import { Pagination } from "~/ui/pagination";
import { StatusMessage } from "~/ui/status-message";
import type { loadConsoleExperiences } from "./experiences.server";

const CELL = "py-2 pr-4";

/** The operator's experiences, drafts included: status, where, what, from what price; each links to its page. */
export function ConsoleExperiencesPage() {
  const { list, flash } = useLoaderData<typeof loadConsoleExperiences>();
  const { t } = useTranslation();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-brand-ink">{t("operatorExperiences.listTitle")}</h1>
        <Link
          to="/console/experiences/new"
          className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:brightness-90"
        >
          {t("operatorExperiences.new")}
        </Link>
      </div>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <DataTable
        rows={list.items}
        empty={t("operatorExperiences.none")}
        className="mt-6"
        caption={t("operatorExperiences.listCaption")}
        columns={[
          t("operatorExperiences.titleLabel"),
          t("operatorExperiences.status"),
          t("operatorExperiences.city"),
          t("operatorExperiences.category"),
          t("operatorExperiences.priceFrom"),
          t("operatorExperiences.servicesCount"),
          t("operatorExperiences.departuresCount"),
          t("operatorExperiences.updated"),
        ]}
        headClassName="border-b border-slate-200 text-slate-600"
        alignFrom={4}
        tableClassName="w-full text-left text-sm"
        data-testid="experiences"
        row={(item) => <Row key={item.id} item={item} />}
      />
      <Pagination page={list.page} totalPages={list.totalPages} />
    </>
  );
}

function Row({ item }: { item: OperatorExperienceRow }) {
  const { t, i18n } = useTranslation();
  const price = item.priceFrom
    ? t(`operatorExperiences.basis_${item.priceBasis}`, {
        price: formatMoney(item.priceFrom.amount, item.priceFrom.currency, i18n.language),
      })
    : "—";
  return (
    <tr data-testid="experience-row" data-id={item.id}>
      <td className={CELL}>
        <Link to={`/console/experiences/${item.id}`} className="font-medium text-brand underline">
          {item.title}
        </Link>
      </td>
      <td className={CELL}>
        <StatusBadge status={item.status} />
      </td>
      <td className={CELL}>{item.city.name}</td>
      <td className={CELL}>{item.category.name}</td>
      <td className={`${CELL} text-right`}>{price}</td>
      <td className={`${CELL} text-right`}>{item.services}</td>
      <td className={`${CELL} text-right`}>{item.upcomingDepartures}</td>
      <td className={`${CELL} whitespace-nowrap text-right`}>
        <time dateTime={item.updatedAt}>{item.updatedAt.slice(0, 10)}</time>
      </td>
    </tr>
  );
}
