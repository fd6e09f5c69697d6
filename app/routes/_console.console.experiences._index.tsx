import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { OperatorExperienceRow } from "~contract/operator-experiences";
import { requireConsolePage } from "~/features/console/console.server";
import { StatusBadge } from "~/features/console/status-badge";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { useTranslation } from "~/platform/i18n-react";
import { ColumnHeads } from "~/ui/column-heads";
import { formatMoney } from "~/ui/format";
import { pageMeta } from "~/ui/meta";
import { Pagination } from "~/ui/pagination";
import { StatusMessage } from "~/ui/status-message";
import { ScrollRegion } from "~/ui/scroll-region";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, t } = await requireConsolePage(request, "manageCatalog");
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  const list = await orNotFound(request, api.call("operatorListExperiences", { query: { page } }));
  return withFlash(request, { list, title: t("operatorExperiences.listTitle") });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

const CELL = "py-2 pr-4";

/** The operator's experiences, drafts included: status, where, what, from what price; each links to its page. */
export default function ExperiencesPage() {
  const { list, flash } = useLoaderData<typeof loader>();
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
      {list.items.length === 0 ? (
        <p className="mt-6 text-slate-700">{t("operatorExperiences.none")}</p>
      ) : (
        <ScrollRegion label={t("operatorExperiences.listCaption")} className="mt-6">
          <table className="w-full text-left text-sm" data-testid="experiences">
            <caption className="sr-only">{t("operatorExperiences.listCaption")}</caption>
            <ColumnHeads
              cell={CELL}
              alignFrom={4}
              labels={[
                t("operatorExperiences.titleLabel"),
                t("operatorExperiences.status"),
                t("operatorExperiences.city"),
                t("operatorExperiences.category"),
                t("operatorExperiences.priceFrom"),
                t("operatorExperiences.servicesCount"),
                t("operatorExperiences.departuresCount"),
                t("operatorExperiences.updated"),
              ]}
            />
            <tbody className="divide-y divide-slate-200">
              {list.items.map((item) => (
                <Row key={item.id} item={item} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
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
