import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n-react";

/**
 * A wide table's own scroll box: on a narrow screen the table scrolls sideways in it, never the
 * page, and says so. A visible hint above it; the box is a region named `label` that takes the
 * keyboard's focus (the arrow keys scroll it) and is described by the hint. Before JavaScript the
 * hint shows below the `lg` breakpoint (where the console's tables may not fit); with it, exactly
 * while the table is wider than its box (and the box leaves the tab order when it is not).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState<boolean | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const scrolls = overflows !== false;
  const hintShown = overflows === null ? "lg:hidden" : overflows ? "" : "hidden";
  return (
    <div className={className}>
      <p id={hintId} className={`mb-1 text-xs text-slate-700 print:hidden ${hintShown}`} data-testid="scroll-hint">
        <span aria-hidden="true">↔ </span>
        {t("scrollRegion.hint")}
      </p>
      <div
        ref={box}
        role="region"
        aria-label={label}
        aria-describedby={scrolls ? hintId : undefined}
        tabIndex={scrolls ? 0 : undefined}
        className="overflow-x-auto rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/60"
      >
        {children}
      </div>
    </div>
  );
}
