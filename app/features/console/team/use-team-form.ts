import { useLoaderData } from "@remix-run/react";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIntentForm } from "../use-intent-form";
import type { TeamPageData } from "./team-data";

/** A form of the Team page (see useIntentForm). */
export function useTeamForm(
  intent: "invite" | "role",
  id: string,
  defaults: Record<string, string> = {},
  version = "",
) {
  const { constraints } = useLoaderData<TeamPageData>();
  const validation = useFormValidation(
    () => import("~/features/console/team-schemas"),
    (schemas) => schemas.TEAM_SCHEMAS[intent],
  );
  return useIntentForm("team", id, constraints[intent], validation, defaults, version);
}
