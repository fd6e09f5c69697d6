import { isRouteErrorResponse } from "@remix-run/react";
import type { OperatorMe, OperatorRole } from "~contract/operator/team";

/** What a console page may need that a role may not have (operatorMe's `can`). */
export type ConsoleAbility = keyof OperatorMe["can"];

/**
 * Why the console refused a page (the data of the error its guard throws; the console layout's
 * boundary says it in words, with where to go): the signed-in person is not, or no longer, a
 * member of this operator's team (404: the API's answer too), or their role does not open the page (403).
 */
export type ConsoleRefusal =
  { refused: "notMember"; email: string } | { refused: "role"; ability: ConsoleAbility; role: OperatorRole };

/** The console's refusal a route error carries, or null for any other error. */
export function consoleRefusalOf(error: unknown): ConsoleRefusal | null {
  if (!isRouteErrorResponse(error)) return null;
  const data: unknown = error.data;
  if (!data || typeof data !== "object" || !("refused" in data)) return null;
  const { refused } = data as { refused: unknown };
  return refused === "notMember" || refused === "role" ? (data as ConsoleRefusal) : null;
}

/** The refusal's title (a locale key): the page's heading and its document title. */
export const refusalTitleKey = (refusal: ConsoleRefusal) =>
  refusal.refused === "notMember" ? "console.notMemberTitle" : `console.refused_${refusal.ability}`;
