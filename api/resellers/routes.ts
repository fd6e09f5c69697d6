import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp } from "../http/client-info";
import { handle, WithStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { actorOf } from "../members/guard";
import { createResellerKey, revokeResellerKey } from "./keys";
import { createReseller, listResellers } from "./resellers";
import { readResellerNetRates, setResellerNetRates } from "./net-rates";
import { readResellerStatement } from "./statement";

/** The console's resellers (owner, manager of the operator named by X-Account-Context). */
export const resellerRoutes = new Hono<AppEnv>();

handle(resellerRoutes, endpoints.operatorListResellers, async (c, { member }) =>
  listResellers(c.get("db"), member.account.id),
);

handle(resellerRoutes, endpoints.operatorCreateReseller, async (c, { body, member }) => {
  const created = await createReseller(c.get("db"), actorOf(member, clientIp(c)), body);
  return new WithStatus(201, created);
});

handle(resellerRoutes, endpoints.operatorCreateResellerKey, async (c, { params, member }) => {
  const key = await createResellerKey(c.get("db"), actorOf(member, clientIp(c)), params.resellerId);
  return new WithStatus(201, key);
});

handle(resellerRoutes, endpoints.operatorRevokeResellerKey, async (c, { params, member }) =>
  revokeResellerKey(c.get("db"), actorOf(member, clientIp(c)), params.resellerId, params.keyId),
);

handle(resellerRoutes, endpoints.operatorResellerStatement, async (c, { params, query, member }) =>
  readResellerStatement(c.get("db"), member.account, params.resellerId, query.month),
);

handle(resellerRoutes, endpoints.operatorResellerNetRates, async (c, { params, member }) =>
  readResellerNetRates(c.get("db"), member.account, params.resellerId),
);

handle(resellerRoutes, endpoints.operatorSetResellerNetRates, async (c, { params, body, member }) =>
  setResellerNetRates(c.get("db"), actorOf(member, clientIp(c)), member.account, params.resellerId, body),
);
