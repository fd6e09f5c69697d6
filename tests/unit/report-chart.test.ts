import { describe, expect, it } from "vitest";
import { barChart, niceStep } from "~/features/console/report-chart";

const days = (values: number[]) =>
  values.map((value, i) => ({ key: `2026-11-${String(i + 1).padStart(2, "0")}`, value }));

describe("the report's bar chart geometry", () => {
  it("nice steps: 1, 2 or 5 times a power of ten", () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(7)).toBe(2);
    expect(niceStep(40)).toBe(10);
    expect(niceStep(123_456)).toBe(50_000);
  });

  it("bars share one scale from zero; the tallest reaches no higher than the plot's top", () => {
    const chart = barChart({ values: days([0, 5, 10, 3]), width: 400, height: 200 });
    expect(chart.bars).toHaveLength(4);
    expect(chart.bars[0].height).toBe(0);
    expect(chart.bars[2].height).toBeCloseTo(2 * chart.bars[1].height);
    for (const bar of chart.bars) {
      expect(bar.y).toBeGreaterThanOrEqual(chart.plot.top);
      expect(bar.y + bar.height).toBeCloseTo(chart.plot.bottom);
      expect(bar.x + bar.width).toBeLessThanOrEqual(chart.plot.right + 0.001);
    }
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 5, 10]);
    expect(chart.max).toBe(10);
  });

  it("no data or all zeros: flat bars and one step of scale, never a division by zero", () => {
    const empty = barChart({ values: [], width: 400, height: 200 });
    expect(empty.bars).toEqual([]);
    const zeros = barChart({ values: days([0, 0, 0]), width: 400, height: 200 });
    expect(zeros.bars.every((bar) => bar.height === 0 && Number.isFinite(bar.y))).toBe(true);
    expect(zeros.ticks.map((tick) => tick.value)).toEqual([0, 1]);
  });

  it("one day; large sums; many days label every n-th bar only", () => {
    expect(barChart({ values: days([42]), width: 400, height: 200 }).bars[0].labelled).toBe(true);
    const large = barChart({ values: days([12_345_678, 9_000_000]), width: 400, height: 200 });
    expect(large.max).toBeGreaterThanOrEqual(12_345_678);
    expect(large.bars[0].height).toBeGreaterThan(large.bars[1].height);
    const month = barChart({ values: days(Array.from({ length: 30 }, (_, i) => i)), width: 600, height: 200 });
    expect(month.bars.filter((bar) => bar.labelled)).toHaveLength(8);
    expect(month.bars[0].labelled).toBe(true);
  });
});
