import { useTranslation } from "~/platform/i18n-react";

/**
 * Phones and tablets: the adult price and a way to the booking widget stay at the bottom of the
 * screen while the guest reads. A link to the widget's anchor (works without JavaScript); with
 * it, the widget scrolls into view and takes the focus.
 */
export function StickyBookingBar({ price, perWhom, targetId }: { price: string; perWhom: string; targetId: string }) {
  const { t } = useTranslation();
  const open = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
    target.focus({ preventScroll: true });
    history.replaceState(history.state, "", `#${targetId}`);
  };
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden"
      data-testid="sticky-booking-bar"
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
        <p className="text-sm text-slate-700">
          <span className="block text-lg font-bold text-brand-ink">{price}</span> {perWhom}
        </p>
        <a
          href={`#${targetId}`}
          onClick={open}
          className="rounded-md bg-brand px-4 py-2.5 text-sm font-semibold text-white hover:opacity-90"
        >
          {t("details.checkAvailability")}
        </a>
      </div>
    </div>
  );
}
