import type { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clockNow } from "../clock";
import { cancelDeparture } from "../bookings/cancel-departure";
import { clientIp, requestOrigin } from "../http/client-info";
import { conflict } from "../http/errors";
import { handle, WithStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { writeAudit } from "../audit/log";
import {
  createDeparture,
  departureDetail,
  listDepartures,
  lockOwnedDeparture,
  ownedDeparture,
  updateDeparture,
} from "./departures";
import { actorOf } from "../members/guard";
import { tellGuide } from "./guides-told";
import { getSchedule, setSchedule } from "./schedules";

/** The console's schedules and departures (owner, manager): registered on the operator router. */
export function scheduleRoutes(router: Hono<AppEnv>): void {
  handle(router, endpoints.operatorGetSchedule, async (c, { params, query, member }) => {
    return getSchedule(c.get("db"), member.account, params.experienceId, query.service);
  });

  handle(router, endpoints.operatorSetSchedule, async (c, { params, body, member }) => {
    return setSchedule(c.get("db"), actorOf(member, clientIp(c)), member.account, params.serviceId, body);
  });

  handle(router, endpoints.operatorListDepartures, async (c, { params, query, member }) => {
    return listDepartures(c.get("db"), member.account.id, params.experienceId, query);
  });

  handle(router, endpoints.operatorCreateDeparture, async (c, { params, body, member }) => {
    return new WithStatus(
      201,
      await createDeparture(c.get("db"), actorOf(member, clientIp(c)), params.serviceId, body),
    );
  });

  handle(router, endpoints.operatorGetDeparture, async (c, { params, member }) => {
    return departureDetail(c.get("db"), member.account.id, params.departureId);
  });

  handle(router, endpoints.operatorUpdateDeparture, async (c, { params, body, member }) => {
    const actor = actorOf(member, clientIp(c));
    return updateDeparture(c.get("db"), actor, params.departureId, body, requestOrigin(c));
  });

  handle(router, endpoints.operatorCancelDeparture, async (c, { params, member }) => {
    const db = c.get("db");
    const actor = actorOf(member, clientIp(c));
    const departure = await ownedDeparture(db, member.account.id, params.departureId);
    if (departure.status !== "cancelled" && Date.parse(departure.startsAt) <= clockNow().getTime())
      throw conflict("This departure has started: it cannot be cancelled.", "departure_started");
    const outcome = await cancelDeparture(db, departure.id, async (tx, slot, done, guests) => {
      await lockOwnedDeparture(tx, member.account.id, slot.id);
      await writeAudit(tx, actor, "departure.cancelled", {
        departureId: slot.id,
        startsAt: slot.startsAt.toISOString(),
        bookings: String(done.cancelledBookings),
        refunds: String(done.refunds),
      });
      // Its guide hears of it, with the guests it had (item 7 of issue 42).
      await tellGuide(tx, {
        departureId: slot.id,
        guideUserId: slot.guideUserId,
        news: "cancelled",
        origin: requestOrigin(c),
        guests,
      });
    });
    return { departure: await ownedDeparture(db, member.account.id, departure.id), ...outcome };
  });
}
