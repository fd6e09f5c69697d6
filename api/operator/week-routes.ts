import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { readCalendar } from "./calendar";
import { readHome } from "./home";

/** The week at a glance (every member; a guide: their own departures, no money): on the operator router. */
export function weekRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorHome, async (c, { member }) => readHome(c.get("db"), member));
  handle(router, endpoints.operatorCalendar, async (c, { query, member }) => readCalendar(c.get("db"), member, query));
}
