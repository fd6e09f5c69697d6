import type { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";
import type { operatorSchedule } from "~contract/outputs";

/** The Schedule page's data, as its loader gives it (and the page's parts read it). */
export interface SchedulePageData {
  schedule: z.infer<typeof operatorSchedule>;
  /** What the saved schedule did to the departures (from the page's address), or null. */
  outcome: { created: number; removed: number; kept: number } | null;
  constraints: { schedule: ReturnType<typeof getZodConstraint>; oneOff: ReturnType<typeof getZodConstraint> };
  title: string;
}
