import type { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";
import type { guideChoices } from "~contract/operator/manifest";
import type { OperatorDeparture } from "~contract/operator/schedules";
import type { loadDepartures } from "../departures.server";

type Loaded = Awaited<ReturnType<typeof loadDepartures>>;

/** The Departures page's data, as its loader gives it (and the page's parts read it). */
export interface DeparturesPageData extends Loaded {
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
