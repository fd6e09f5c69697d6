/**
 * A bar chart's geometry (no chart library): one bar per value on a shared scale from zero,
 * "nice" ticks on the value axis, and which bars carry a label on the category axis so that the
 * labels never overlap. Pure: the page draws it as SVG on the server, tests check the numbers.
 */
export interface ChartInput {
  values: ReadonlyArray<{ key: string; value: number }>;
  width: number;
  height: number;
  /** Room for the axes' labels: left (values), bottom (categories). */
  padding?: { left: number; right: number; top: number; bottom: number };
  /** At most this many category labels. */
  maxLabels?: number;
}

export interface ChartBar {
  key: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Its category label is drawn (every n-th bar when there are many). */
  labelled: boolean;
}

export interface Chart {
  bars: ChartBar[];
  ticks: Array<{ value: number; y: number }>;
  plot: { left: number; right: number; top: number; bottom: number };
  max: number;
}

/** 1, 2 or 5 times a power of ten: the tick step that splits `max` into about `count` steps. */
export function niceStep(max: number, count = 4): number {
  if (max <= 0) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw)!;
  return Math.max(1, step);
}

export function barChart({ values, width, height, padding, maxLabels = 8 }: ChartInput): Chart {
  const pad = padding ?? { left: 64, right: 8, top: 12, bottom: 28 };
  const plot = { left: pad.left, right: width - pad.right, top: pad.top, bottom: height - pad.bottom };
  const largest = Math.max(0, ...values.map((entry) => entry.value));
  const step = niceStep(largest);
  const max = Math.max(step, Math.ceil(largest / step) * step);
  const scale = (value: number) => plot.bottom - ((plot.bottom - plot.top) * Math.max(0, value)) / max;
  const slot = values.length > 0 ? (plot.right - plot.left) / values.length : 0;
  const gap = Math.min(4, slot * 0.2);
  const every = Math.max(1, Math.ceil(values.length / maxLabels));
  const bars = values.map((entry, index) => {
    const y = scale(entry.value);
    return {
      key: entry.key,
      value: entry.value,
      x: plot.left + index * slot + gap / 2,
      y,
      width: Math.max(1, slot - gap),
      height: plot.bottom - y,
      labelled: index % every === 0,
    };
  });
  const ticks = [];
  for (let value = 0; value <= max; value += step) ticks.push({ value, y: scale(value) });
  return { bars, ticks, plot, max };
}
