import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n-react";

/** Where the guest is in the booking widget, and so what the bar offers next. */
export type BarStep =
  { kind: "date" } | { kind: "time" } | { kind: "tickets" } | { kind: "continue"; seats: number; total: string };

const TARGETS = { date: "book", time: "times", tickets: "tickets" } as const;

/**
 * Phones and tablets: the price and the next step of the booking stay at the bottom of the
 * screen while the guest reads: the from-price and "Check availability" (or "Choose a time",
 * "Choose tickets": links to the widget's anchors, which work without JavaScript; with it, the
 * place scrolls into view and takes the focus), then the tickets, their total and "Continue"
 * (the widget's own form). Rendered from the same state as the widget, so from the address on
 * the server; with JavaScript the bar steps aside while the widget's total is on screen.
 */
export function StickyBookingBar({
  headline,
  step,
  formId,
  summaryId,
}: {
  headline: { price: string; perWhom: string };
  step: BarStep;
  formId: string;
  summaryId: string;
}) {
  const { t } = useTranslation();
  const summaryInView = useInView(summaryId);
  const action = "rounded-md bg-brand px-4 py-2.5 text-sm font-semibold text-white hover:brightness-90";
  return (
    <div
      className={`fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden ${summaryInView ? "hidden" : ""}`}
      data-testid="sticky-booking-bar"
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
        {step.kind === "continue" ? (
          <p className="text-sm text-slate-700" data-testid="sticky-booking-total">
            <span className="block">{t("details.barTickets", { count: step.seats })}</span>
            <span className="block text-lg font-bold text-brand-ink">{step.total}</span>
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            <span className="block text-lg font-bold text-brand-ink">{headline.price}</span> {headline.perWhom}
          </p>
        )}
        {step.kind === "continue" ? (
          <button type="submit" form={formId} name="intent" value="continue" className={action}>
            {t("details.barContinue")}
          </button>
        ) : (
          <a href={`#${TARGETS[step.kind]}`} onClick={openTarget(TARGETS[step.kind])} className={action}>
            {t(
              step.kind === "date"
                ? "details.checkAvailability"
                : step.kind === "time"
                  ? "details.chooseTime"
                  : "details.chooseTickets",
            )}
          </a>
        )}
      </div>
    </div>
  );
}

/** Scrolls the anchor's target into view and gives it the focus (the link works without this). */
function openTarget(targetId: string) {
  return (event: React.MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
    target.focus({ preventScroll: true });
    history.replaceState(history.state, "", `#${targetId}`);
  };
}

/** Whether the element with this id is (partly) on screen; false before JavaScript runs. */
function useInView(id: string): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = document.getElementById(id);
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [id]);
  return inView;
}
