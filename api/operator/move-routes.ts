import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp } from "../http/client-info";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { actorOf } from "../members/guard";
import { operatorMoveBooking, operatorMoveDeparture } from "./moves";

/** The desk's moves (owners and managers): on the operator router. */
export function moveRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorMoveBooking, async (c, { params, body, headers, member }) => {
    return operatorMoveBooking(c.get("db"), actorOf(member, clientIp(c)), member, params.bookingId, body, headers);
  });

  handle(router, endpoints.operatorMoveDeparture, async (c, { params, body, headers, member }) => {
    return operatorMoveDeparture(c.get("db"), actorOf(member, clientIp(c)), member, params.departureId, body, headers);
  });
}
