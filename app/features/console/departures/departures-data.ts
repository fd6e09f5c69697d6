import type { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";
import type { guideChoices } from "~contract/operator/manifest";
import type { OperatorDeparture, OperatorDepartures } from "~contract/operator/schedules";
import type { DepartureRange } from "../departure-range";

/** The Departures page's data, as its loader gives it (and the page's parts read it). */
export interface DeparturesPageData {
  /** The departures of the range shown (the asked one, or the default window when it was invalid). */
  list: OperatorDepartures;
  range: DepartureRange;
  invalidRange: boolean;
  /** The most days one range may hold. */
  maxDays: number;
  /** The cancel step: only a departure of this experience, not cancelled yet. */
  cancel: OperatorDeparture | null;
  notice: string | null;
  /** Who may lead a departure: any member of the team. */
  guides: z.infer<typeof guideChoices>["guides"];
  capacityConstraint: ReturnType<typeof getZodConstraint>;
  title: string;
}

/** What each form did, as the page's address says it (`done=`) after the redirect. */
export const NOTICES = {
  capacity: "capacitySaved",
  status: "statusSaved",
  keep: "keptDone",
  cancel: "cancelledDone",
  guide: "guideSaved",
} as const;
