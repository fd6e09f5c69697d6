import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoney } from "~/ui/format";
import { formatMoment } from "~/ui/date-format";
import { LabelledSection } from "~/ui/labelled-section";

/**
 * The booking funnel of a new visitor, in order (the spec's steps: sign-in, profile, waiver, then
 * pay). Everyone signs the platform's waiver; an operator with a waiver of its own (`ownWaiver`)
 * has it signed next, a step of its own: the list numbers the steps there are.
 */
export type FunnelStep = "signIn" | "details" | "waiver" | "platformWaiver" | "operatorWaiver" | "pay";

export function funnelSteps(operator: { ownWaiver: boolean }): FunnelStep[] {
  return operator.ownWaiver
    ? ["signIn", "details", "platformWaiver", "operatorWaiver", "pay"]
    : ["signIn", "details", "waiver", "pay"];
}

/** The step a waiver page is: the operator's own (`?account=` of an operator with one), else the platform's. */
export function waiverStep(steps: readonly FunnelStep[], account: string | null): FunnelStep {
  if (!steps.includes("operatorWaiver")) return "waiver";
  return account ? "operatorWaiver" : "platformWaiver";
}

/** What is being booked, as the funnel's pages show it (funnel.server.ts reads it from the return address). */
export interface BookingSummaryData {
  title: string;
  option: string;
  startsAt: string;
  timezone: string;
  tickets: Array<{ name: string; quantity: number }>;
  totalMinor: number;
  currency: string;
  /** The details page with the same selection, to change it. */
  changeUrl: string;
  /** The funnel's steps on the way to this booking (funnelSteps). */
  steps: FunnelStep[];
}

/** "Step 2 of 4: Your details", and the steps as a list: done, current (aria-current="step"), to come. */
export function FunnelSteps({ steps, current }: { steps: readonly FunnelStep[]; current: FunnelStep }) {
  const { t } = useTranslation();
  const index = steps.indexOf(current);
  return (
    <nav aria-label={t("funnel.label")} className="mb-6" data-testid="funnel-steps">
      <p className="text-sm font-semibold text-brand-ink">
        {t("funnel.stepOf", { step: index + 1, count: steps.length, name: t(`funnel.steps.${current}`) })}
      </p>
      <ol className="mt-2 flex gap-1" role="list">
        {steps.map((step, i) => (
          <li
            key={step}
            aria-current={i === index ? "step" : undefined}
            className={`flex-1 border-t-4 pt-1 text-xs ${
              i < index
                ? "border-brand text-slate-700"
                : i === index
                  ? "border-brand font-semibold text-brand-ink"
                  : "border-slate-200 text-slate-600"
            }`}
          >
            <span className="sr-only">{i < index ? t("funnel.done") : i > index ? t("funnel.toCome") : null}</span>
            {t(`funnel.steps.${step}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The booking a funnel page is on the way to: experience, option, when (with its zone), tickets, total. */
export function BookingSummary({ summary }: { summary: BookingSummaryData }) {
  const { t, i18n } = useTranslation();
  return (
    <LabelledSection
      headingId="funnel-summary-heading"
      headingClassName="text-xs font-semibold uppercase tracking-wide text-slate-600"
      heading={t("funnel.booking")}
      className="mb-6 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
      data-testid="funnel-summary"
    >
      <p className="mt-1 font-semibold text-slate-900">{summary.title}</p>
      <p className="text-slate-700">{summary.option}</p>
      <p className="text-slate-800">
        <time dateTime={summary.startsAt}>
          {formatMoment(summary.startsAt, { timeZone: summary.timezone, locale: i18n.language })}
        </time>
      </p>
      <p className="text-slate-800">
        {summary.tickets.map((ticket) => t("funnel.ticket", { count: ticket.quantity, name: ticket.name })).join(", ")}
      </p>
      <p className="mt-1 flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">
          {t("funnel.total", { total: formatMoney(summary.totalMinor, summary.currency, i18n.language) })}
        </span>
        <Link to={summary.changeUrl} className="font-medium text-brand-ink underline">
          {t("funnel.change")}
          <span className="sr-only">{t("funnel.changeWhat")}</span>
        </Link>
      </p>
    </LabelledSection>
  );
}

/** The top of a funnel page reached from a booking: where the visitor is, and what they are booking. */
export function FunnelHeader({ funnel, current }: { funnel: BookingSummaryData | null; current: FunnelStep }) {
  if (!funnel) return null;
  return (
    <>
      <FunnelSteps steps={funnel.steps} current={current} />
      <BookingSummary summary={funnel} />
    </>
  );
}
