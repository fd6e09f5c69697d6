import { barChart } from "~/features/console/report-chart";

/** The bars' own drawing units: stretched to the chart's box (the labels are text of their own size). */
const PLOT = { width: 720, height: 240 };

/**
 * A figure per day as bars: the bars a server-rendered SVG that stretches to the width it has,
 * named and described for screen readers; its axes' labels HTML text beside and below it, so
 * they keep their size (12 px) on a phone instead of shrinking with the drawing. Values rise
 * from the bottom label to the top one, evenly; on a phone every other day label is left out.
 */
export function DailyChart({
  id,
  values,
  title,
  description,
  tickLabel,
  barLabel,
}: {
  /** The chart's data-chart attribute (the figure shown). */
  id: string;
  values: ReadonlyArray<{ key: string; value: number }>;
  title: string;
  description: string;
  tickLabel: (value: number) => string;
  /** A bar's day and value in words (its tooltip). */
  barLabel: (key: string) => string;
}) {
  const chart = barChart({ values, ...PLOT, padding: { left: 0, right: 0, top: 0, bottom: 0 } });
  const dayLabels = chart.bars.filter((bar) => bar.labelled);
  return (
    <div className="mt-3 grid max-w-3xl grid-cols-[auto_minmax(0,1fr)] gap-x-2 pr-3 text-xs leading-4 text-slate-700">
      <div
        aria-hidden="true"
        className="flex flex-col-reverse justify-between text-right tabular-nums"
        data-axis="values"
      >
        {chart.ticks.map((tick) => (
          <span key={tick.value} className="whitespace-nowrap">
            {tickLabel(tick.value)}
          </span>
        ))}
      </div>
      {/* Half a label's height above and below: the top and bottom labels face the top and bottom lines. */}
      <div className="py-2">
        <svg
          viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby="report-chart-title"
          aria-describedby="report-chart-desc"
          className="block h-48 w-full overflow-visible"
          data-chart={id}
        >
          <title id="report-chart-title">{title}</title>
          <desc id="report-chart-desc">{description}</desc>
          {chart.ticks.map((tick) => (
            <line
              key={tick.value}
              x1={0}
              x2={PLOT.width}
              y1={tick.y}
              y2={tick.y}
              stroke={tick.value === 0 ? "#334155" : "#cbd5e1"}
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {chart.bars.map((bar) => (
            <rect
              key={bar.key}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              fill="#0f766e"
              data-bar={bar.key}
            >
              <title>{barLabel(bar.key)}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div aria-hidden="true" className="relative col-start-2 mt-1 h-4" data-axis="days">
        {dayLabels.map((bar, index) => (
          <span
            key={bar.key}
            className={`absolute -translate-x-1/2 whitespace-nowrap ${index % 2 ? "max-sm:hidden" : ""}`}
            style={{ left: `${((bar.x + bar.width / 2) / PLOT.width) * 100}%` }}
          >
            {bar.key.slice(5)}
          </span>
        ))}
      </div>
    </div>
  );
}
