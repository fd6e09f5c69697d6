import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp } from "../http/client-info";
import { handle, WithStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { actorOf } from "../members/guard";
import { operatorBooking, refundBooking } from "./refunds";

/** The console's bookings and refunds: registered on the operator router. */
export function refundRoutes(router: Hono<AppEnv>): void {
  // Every member may open a booking page; a guide only for the departures they lead (else 404).
  handle(router, endpoints.operatorGetBooking, async (c, { params, member }) => {
    return operatorBooking(c.get("db"), member, params.bookingId);
  });

  handle(router, endpoints.operatorRefundBooking, async (c, { params, body, member }) => {
    const result = await refundBooking(c.get("db"), actorOf(member, clientIp(c)), member, params.bookingId, body);
    return new WithStatus(201, result);
  });
}
