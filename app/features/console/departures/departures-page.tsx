import { useLoaderData } from "@remix-run/react";
import { DepartureRangeControls } from "~/features/console/departure-range";
import { ExperienceNav } from "~/features/console/experience-nav";
import { NeedsDecision } from "~/features/console/needs-decision";
import { useTranslation } from "~/platform/i18n-react";
import { StatusMessage } from "~/ui/status-message";
import { NOTICES, type DeparturesPageData } from "./departures-data";
import { DepartureRow } from "./departure-row";
import { CancelStep } from "./cancel-step";

export function DeparturesPage() {
  const { list, range, invalidRange, maxDays, cancel, notice } = useLoaderData<DeparturesPageData>();
  const { t } = useTranslation();
  return (
    <>
      <ExperienceNav experienceId={list.experience.id} title={list.experience.title} />
      <h1 className="text-2xl font-bold text-brand-ink">
        {t("schedules.departuresTitle", { title: list.experience.title })}
      </h1>
      {notice && Object.values(NOTICES).includes(notice as never) ? (
        <StatusMessage>{t(notice === "guideSaved" ? "manifest.guideSaved" : `schedules.${notice}`)}</StatusMessage>
      ) : null}
      {cancel ? <CancelStep departure={cancel} /> : null}
      {list.needsDecision.length ? (
        <NeedsDecision>
          <ul className="mt-3 space-y-3" data-testid="needs-decision">
            {list.needsDecision.map((departure) => (
              <DepartureRow key={departure.id} departure={departure} decide />
            ))}
          </ul>
        </NeedsDecision>
      ) : null}
      <section aria-labelledby="upcoming-heading" className="mt-6">
        <h2 id="upcoming-heading" className="text-lg font-semibold text-brand-ink">
          {t("schedules.upcoming")}
        </h2>
        <DepartureRangeControls list={list} range={range} invalidRange={invalidRange} maxDays={maxDays} />
        {list.departures.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("schedules.noDepartures")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="departures">
            {list.departures.map((departure) => (
              <DepartureRow key={departure.id} departure={departure} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
